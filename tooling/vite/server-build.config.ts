import { defineConfig } from 'vite';
import { REPO_ROOT } from '../repo-root.js';
import { asciiOutputPlugin } from './ascii-output.plugin.js';

/** Where `npm run build` puts the compiled server, beside dist/client and dist/server. */
export const SERVER_APP_DIR = 'dist/app';

/**
 * The self-hosted server, compiled to plain JavaScript (`vite build --config` this file): what
 * `npm start`, `npm run admin`, `npm run backup` and `npm run import` run in production, so no TypeScript loader is
 * in the process. Packages stay outside (Node loads them from node_modules, as before); our own
 * modules are bundled into a few files.
 *
 * Every file lands in the one folder with a fixed name per entry: the PDF reader is started as
 * `pdf-text.child.js` beside the module that launches it (server/search/pdf-text/reader-launch.ts),
 * the SMTP worker as `smtp.worker.js` (server/mail/smtp-transport.ts), and the picture preparer as
 * `picture-sizes.child.js` (server/pictures/picture-preparer.ts).
 */
export default defineConfig({
  root: REPO_ROOT,
  publicDir: false,
  plugins: [asciiOutputPlugin()],
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: SERVER_APP_DIR,
    emptyOutDir: true,
    // Readable stack traces in production logs; nothing here is sent to a browser.
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'server/main.ts',
        admin: 'server/cli/admin.ts',
        backup: 'server/cli/backup.ts',
        import: 'server/cli/import.ts',
        'pdf-text.child': 'server/search/pdf-text/pdf-text.child.ts',
        'smtp.worker': 'server/mail/smtp.worker.ts',
        'picture-sizes.child': 'server/pictures/picture-sizes.child.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
