import type { Plugin } from 'vite';

/** Where `npm run build` puts the server's renderer, beside dist/client. */
const SSR_OUT_DIR = 'dist/server';
const CLIENT_OUT_DIR = 'dist/client';

/**
 * `vite build --ssr src/app/entry-server.tsx`: the server's renderer goes to dist/server as one
 * self-contained ES module named .mjs, so Node loads it as a module and finds everything it
 * imports wherever dist/ is put; the public folder is the client's alone.
 */
export function ssrBuildPlugin(): Plugin {
  return {
    name: 'rnai-ssr-build',
    config(config, env) {
      if (env.isSsrBuild !== true) return null;
      const outDir = config.build?.outDir;
      return {
        // Self-contained: React and the router inside, so the renderer runs wherever it is put.
        ssr: { noExternal: true },
        // React's packages choose their production or development build at run time by this
        // variable; fixed here, the development build is left out of the file and the server's
        // memory. The server renders with React's production build wherever it runs, tests included.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          // Never over the client's build: the default output folder is the client's.
          outDir: outDir === undefined || outDir === CLIENT_OUT_DIR ? SSR_OUT_DIR : outDir,
          copyPublicDir: false,
          // One file holding React and the router is expected here; only the browser's chunks must stay small.
          chunkSizeWarningLimit: 4096,
          // The pages' lazy chunks go inside that one file: the server loads it under an address
          // of its own for each build (server/render/site-pages.ts), and a chunk importing the
          // file back by its plain address would load a second copy, with a router of its own.
          rollupOptions: { output: { entryFileNames: '[name].mjs', codeSplitting: false } },
        },
      };
    },
  };
}
