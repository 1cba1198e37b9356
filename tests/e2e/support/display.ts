import type { BrowserContext, Page } from '@playwright/test';
import { E2E_ENV, workerValue } from './e2e-env';

/** The reader's display settings as the site's cookie holds them. */
export const TEXT_SIZES = ['standard', 'large', 'largest'] as const;
export const COLOUR_SCHEMES = ['standard', 'high-contrast', 'dark'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

/** How much bigger each text size makes the text than standard. */
export const TEXT_SCALE: Readonly<Record<TextSize, number>> = { standard: 1, large: 1.25, largest: 1.5 };

/** The page background and body text each scheme paints, as the browser computes them. */
export const SCHEME_COLOURS: Readonly<Record<ColourScheme, { background: string; text: string }>> = {
  standard: { background: 'rgb(247, 245, 240)', text: 'rgb(27, 42, 51)' },
  'high-contrast': { background: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' },
  dark: { background: 'rgb(16, 21, 24)', text: 'rgb(238, 243, 244)' },
};

/** Gives the browser the settings cookie, as if the reader had saved them earlier. */
export async function chooseDisplay(context: BrowserContext, textSize: TextSize, colours: ColourScheme): Promise<void> {
  await context.addCookies([{ name: 'rnai_display', value: `${textSize}.${colours}`, url: workerValue(E2E_ENV.siteUrls) }]);
}

/** What the reader sees: the body's computed text size in pixels and its colours. */
export async function shownDisplay(page: Page): Promise<{ fontSize: number; background: string; text: string }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { fontSize: Number.parseFloat(style.fontSize), background: style.backgroundColor, text: style.color };
  });
}

/**
 * Words cut across two lines inside the header or a heading ('Upcomin / g Events'): each word
 * is measured as a range, and a word whose pieces sit on different lines is broken.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const holders = document.querySelectorAll('.site-header__name, .site-header__mottos li, h1, h2, h3, .site-nav__toggle, .display-settings-link');
    for (const holder of holders) {
      const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(`${match[0]} in <${holder.tagName.toLowerCase()}> ${holder.textContent?.slice(0, 40) ?? ''}`);
        }
      }
    }
    return broken;
  });
}

/** WCAG 1.4.12's test: line height 1.5, paragraph spacing 2, letter spacing 0.12 and word spacing 0.16 of the font size. */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** The browser's own text size at 200% (its default font 32px), which our sizes multiply. */
export const BROWSER_TEXT_200_CSS = `:root { font-size: 200%; } :root[data-text-size='large'] { font-size: 250%; } :root[data-text-size='largest'] { font-size: 300%; }`;
