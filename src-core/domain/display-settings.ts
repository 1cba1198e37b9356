/**
 * A reader's display settings: how big the text is and which colours the pages use
 * (docs/behaviour.md#display-settings). 'standard' means the reader chose nothing here: the
 * page then follows their browser and device (text size, high contrast, dark mode).
 */
export const TEXT_SIZES = ['standard', 'large', 'largest'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export const COLOUR_SCHEMES = ['standard', 'high-contrast', 'dark'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

export interface DisplaySettings {
  readonly textSize: TextSize;
  readonly colours: ColourScheme;
}

export const STANDARD_DISPLAY: DisplaySettings = { textSize: 'standard', colours: 'standard' };

/** The one cookie the settings live in; it holds the setting and nothing else. */
export const DISPLAY_COOKIE = 'rnai_display';

/** A year: long enough that a reader who comes back monthly never has to choose again. */
export const DISPLAY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The settings page: its form posts here too, where script has not run. */
export const DISPLAY_SETTINGS_PATH = '/display-settings';

/** The attributes on `<html>` that the stylesheet reads; a standard part has none. */
export const TEXT_SIZE_ATTRIBUTE = 'data-text-size';
export const COLOURS_ATTRIBUTE = 'data-colours';

export const TEXT_SIZE_LABELS: Readonly<Record<TextSize, string>> = {
  standard: 'Standard',
  large: 'Large',
  largest: 'Largest',
};

export const COLOUR_LABELS: Readonly<Record<ColourScheme, string>> = {
  standard: 'Standard',
  'high-contrast': 'High contrast: black on white',
  dark: 'Dark: light text on a dark background',
};

function isTextSize(value: unknown): value is TextSize {
  return TEXT_SIZES.some((size) => size === value);
}

function isColourScheme(value: unknown): value is ColourScheme {
  return COLOUR_SCHEMES.some((scheme) => scheme === value);
}

/** Settings from loose values (a form, a cookie's parts); anything unknown is standard. */
export function displaySettingsFrom(textSize: unknown, colours: unknown): DisplaySettings {
  return {
    textSize: isTextSize(textSize) ? textSize : 'standard',
    colours: isColourScheme(colours) ? colours : 'standard',
  };
}

/** The cookie's value, 'large.dark'; undefined when everything is standard, so no cookie is kept. */
export function displayCookieValue(settings: DisplaySettings): string | undefined {
  if (isStandard(settings)) return undefined;
  return `${settings.textSize}.${settings.colours}`;
}

/** Reads the cookie's value back; a missing or damaged value is the standard settings. */
export function parseDisplayCookie(value: string | undefined): DisplaySettings {
  const [textSize, colours] = (value ?? '').split('.');
  return displaySettingsFrom(textSize, colours);
}

function isStandard(settings: DisplaySettings): boolean {
  return settings.textSize === 'standard' && settings.colours === 'standard';
}

/** What goes on `<html>`: only the parts the reader chose, so the device decides the rest. */
export function displayAttributes(settings: DisplaySettings): Readonly<Record<string, string>> {
  return {
    ...(settings.textSize === 'standard' ? {} : { [TEXT_SIZE_ATTRIBUTE]: settings.textSize }),
    ...(settings.colours === 'standard' ? {} : { [COLOURS_ATTRIBUTE]: settings.colours }),
  };
}

/** A short key for the settings, e.g. to keep one rendered page per combination. */
export function displayKey(settings: DisplaySettings): string {
  return `${settings.textSize}.${settings.colours}`;
}

/**
 * Where the settings page sends the reader back to: a path on this site only (never another
 * site, '//host' or a backslash trick), without control characters, and never the settings
 * page itself. Undefined when the value is none of that.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 300) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if ([...value].some((character) => character < ' ' || character === '\u007f')) return undefined;
  if (value.startsWith(DISPLAY_SETTINGS_PATH)) return undefined;
  return value;
}
