/**
 * The images the build makes from the logo and the site's name (tooling/site-images): where
 * the build put them, content-hashed so they can be cached for a year. (No imports: the build's
 * own configuration reads this module too.)
 */
export interface SiteImages {
  /** The share preview picture's address on the site: '/assets/share-image-1a2b3c4d5e.png'. */
  readonly share: string;
  /** The square logo's address on the site, for search engines' Organization data. */
  readonly logo: string;
}

/** The association's two mottos, as the header shows them. */
export const SITE_MOTTOS = ['Strength in Unity', 'Caring for the Carers'] as const;

/** The share picture's size: what Facebook, LinkedIn and X ask for (1.91:1). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/**
 * The square logo: larger than the 112 pixels search engines ask for.
 * @internal Outside this file only tests and fakes use it.
 */
export const LOGO_IMAGE = { size: 512 } as const;
