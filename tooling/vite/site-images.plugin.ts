import type { Plugin } from 'vite';
// Type only: the maker (resvg, the font, React's server renderer) loads when a build first needs it.
import type { makeSiteImages } from '../site-images/site-images';

/** The module the server's renderer reads the pictures' addresses from (src/app/site-images.d.ts). */
const MODULE_ID = 'virtual:site-images';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * The share picture, the square logo and the touch icon, made from the logo and the site's name
 * at build time (tooling/site-images). The browser build writes them into its output; both
 * builds resolve `virtual:site-images` to their addresses, the same in each since the same
 * code makes the same bytes. Nothing is made in development or in tests that do not build.
 */
export function siteImagesPlugin(): Plugin {
  let made: Promise<ReturnType<typeof makeSiteImages>> | undefined;
  // '.js' because Vite's config loader reads this file too.
  const images = () => (made ??= import('../site-images/site-images.js').then((maker) => maker.makeSiteImages()));
  let ssr = false;
  return {
    name: 'rnai-site-images',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    async load(id) {
      return id === RESOLVED_ID ? `export const SITE_IMAGES = ${JSON.stringify((await images()).images)};` : null;
    },
    async generateBundle() {
      if (ssr) return;
      for (const file of (await images()).files) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
  };
}
