/**
 * The build's pictures (tooling/vite/site-images.plugin.ts); only the server's renderer reads
 * them. The shape is SiteImages (src-core/domain/site-images.ts), written out because an
 * ambient module cannot import a relative one.
 */
declare module 'virtual:site-images' {
  export const SITE_IMAGES: { readonly share: string; readonly logo: string };
}
