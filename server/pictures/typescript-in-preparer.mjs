// Loaded with --import into the picture preparer's process when the server itself runs from
// TypeScript (through tsx, under the tests and the benchmark), so that its .ts modules load.
// Compiled to JavaScript, the server starts the preparer without this file.
import { register } from 'tsx/esm/api';

register();
