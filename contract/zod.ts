/**
 * zod for every schema a browser may run: the contract's and the adapters'. In a browser zod is
 * told not to compile its parsers with `new Function`: the site's Content-Security-Policy forbids
 * eval, and zod's test for it, though caught, is reported to the page as a policy violation (the
 * browser's Issues panel; Lighthouse's best practices). The server keeps zod's compiled parsers.
 * Schemas import `z` from here, so this runs before any is made: zod reads the setting then.
 */
import { config } from 'zod';

config({ jitless: 'document' in globalThis });

export { z } from 'zod';
