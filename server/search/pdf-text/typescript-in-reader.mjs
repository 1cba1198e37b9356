// Loaded with --import into the PDF reader's process when the server itself runs from TypeScript
// (through tsx): it lets the reader's own .ts modules load, and leaves pdf.js to plain Node.
//
// tsx rewrites every module that contains `import(` and maps it for stack traces. For pdf.js's
// two 2-3 MB modules that made the reader take 250 MB before it opened a file, and 460 MB for a
// 36-page manual, above its memory limit; with tsx gone before pdf.js loads, 145 MB. So the
// reader calls the function left here once its own modules are loaded, before it imports pdf.js.
//
// Compiled to JavaScript (no tsx), the server starts the reader without this file.
import { register } from 'tsx/esm/api';

// The function that unregisters tsx, for the reader to call.
globalThis[Symbol.for('rnai.pdf-text.drop-typescript')] = register();
