import type { Plugin } from 'vite';

const NOT_ASCII = /[\u0080-\uffff]/g;

/** `’` as `\u2019`: the same character wherever a module can hold one (strings, templates, regular expressions, comments). */
export function escapeNonAscii(code: string): string {
  return code.replace(NOT_ASCII, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The server's modules written in ASCII alone. V8 keeps each module's source text in memory for
 * as long as the process runs, and one curly quote makes it keep the whole text at two bytes a
 * character: the 900 KB renderer cost 1.8 MB of the server's heap for a dozen quotes and arrows.
 */
export function asciiOutputPlugin(): Plugin {
  return {
    name: 'rnai-ascii-output',
    // The server's builds only: the renderer (vite build --ssr) and the compiled server.
    apply: (config, env) => env.command === 'build' && (env.isSsrBuild === true || Boolean(config.build?.ssr)),
    // When the bundle is complete, each chunk's code as it will be written (rolldown writes what
    // renderChunk returned for only some of the chunks here). The source maps' columns move only on the few
    // lines that held such a character.
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') output.code = escapeNonAscii(output.code);
      }
    },
  };
}
