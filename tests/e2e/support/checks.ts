import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus 7:1 text contrast (the enhanced AAA rule). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MIN_TARGET_PX = 44;

/** Zero axe violations on the page as it is now; the message names every rule, element and fix. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // options() first: withTags() adds runOnly to them, and an enabled rule runs whatever its tags.
    .options({ rules: { 'color-contrast-enhanced': { enabled: true } } })
    .withTags(AXE_TAGS)
    .analyze();
  const report = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.id}] (${node.impact ?? violation.impact ?? 'unknown'}) ${violation.help}\n` +
        `    element: ${node.target.join(' ')}\n` +
        `    html: ${node.html.slice(0, 200)}\n` +
        `    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
    ),
  );
  expect(report, `axe violations on ${page.url()} (${state}):\n${report.join('\n')}`).toEqual([]);
}

/** At 375px nothing may make the page wider than the screen. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    widest: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => element.outerHTML.slice(0, 120)),
  }));
  expect(widths.page, `the page scrolls sideways; too wide: ${widths.widest.join(' | ')}`).toBeLessThanOrEqual(widths.viewport);
}

/**
 * Every control a visitor can reach is at least 44x44 CSS pixels. Hidden things (the honeypot,
 * the skip link until it is focused) are not targets. A card's link that is stretched over the
 * whole card (an absolutely placed ::after) is measured as the card it covers, and a radio
 * button or checkbox as the label around it. A link inside a
 * sentence is the one exception, as in WCAG's target-size rules: its height is the line's.
 */
export async function expectTargetsAtLeast44(page: Page): Promise<void> {
  const small = await page.evaluate((min) => {
    const selector = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const isTarget = (element: HTMLElement) => {
      if (element.closest('[aria-hidden="true"], [hidden], [inert]') !== null || element.tabIndex < 0) return false;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = element.getBoundingClientRect();
      // Visually hidden until focused (the skip link): clipped to a pixel, not a target yet.
      return box.width > 1 && box.height > 1;
    };
    const inSentence = (element: HTMLElement) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement?.closest('p, li, dd, td, label');
      return block != null && (block.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
    };
    const targetBox = (element: HTMLElement) => {
      // A radio or checkbox inside its label is chosen by a press anywhere on the label.
      const label = element instanceof HTMLInputElement && ['radio', 'checkbox'].includes(element.type) ? element.closest('label') : null;
      if (label !== null) return label.getBoundingClientRect();
      const after = getComputedStyle(element, '::after');
      if (after.content !== 'none' && after.position === 'absolute') {
        let holder = element.parentElement;
        while (holder !== null && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        if (holder !== null) return holder.getBoundingClientRect();
      }
      return element.getBoundingClientRect();
    };
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => isTarget(element) && !inSentence(element))
      .map((element) => ({ box: targetBox(element), html: element.outerHTML.slice(0, 140) }))
      .filter(({ box }) => box.width < min - 0.5 || box.height < min - 0.5)
      .map(({ box, html }) => `${Math.round(box.width)}x${Math.round(box.height)}px ${html}`);
  }, MIN_TARGET_PX);
  expect(small, `controls smaller than ${MIN_TARGET_PX}x${MIN_TARGET_PX}px on ${page.url()}:\n${small.join('\n')}`).toEqual([]);
}

/**
 * The focused element is inside the viewport and focus visibly changes the screen around it:
 * that area is photographed with focus where it is and again with focus taken away, and the two
 * must differ. This holds whatever draws the indicator (an outline, a ring, a card outlined
 * through :has()). Screenshots hide the text caret, so a caret alone never counts.
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    // A card's stretched link draws its focus on the card it covers.
    let area = element.getBoundingClientRect();
    const after = getComputedStyle(element, '::after');
    if (after.content !== 'none' && after.position === 'absolute') {
      let holder = element.parentElement;
      while (holder !== null && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
      if (holder !== null) area = holder.getBoundingClientRect();
    }
    const margin = 12;
    const left = Math.max(0, Math.min(area.left, element.getBoundingClientRect().left) - margin);
    const top = Math.max(0, Math.min(area.top, element.getBoundingClientRect().top) - margin);
    const right = Math.min(window.innerWidth, Math.max(area.right, element.getBoundingClientRect().right) + margin);
    const bottom = Math.min(window.innerHeight, Math.max(area.bottom, element.getBoundingClientRect().bottom) + margin);
    const box = element.getBoundingClientRect();
    const inView = box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    return { html: element.outerHTML.slice(0, 160), inView, clip: { x: left, y: top, width: right - left, height: bottom - top } };
  });
  expect(focused, 'something has keyboard focus').not.toBeNull();
  if (focused === null) return;
  expect(focused.inView, `the focused element is on screen: ${focused.html}`).toBe(true);

  const withFocus = await page.screenshot({ clip: focused.clip, animations: 'disabled' });
  const restore = await page.evaluateHandle(() => {
    const element = document.activeElement as HTMLElement;
    element.blur();
    return element;
  });
  const withoutFocus = await page.screenshot({ clip: focused.clip, animations: 'disabled' });
  // Focus comes back the way it left; after keyboard use the browser keeps showing it as keyboard focus.
  await restore.evaluate((element) => element.focus({ preventScroll: true }));
  await restore.dispose();

  if (withFocus.equals(withoutFocus)) {
    await test.info().attach('area with focus', { body: withFocus, contentType: 'image/png' });
    await test.info().attach('area without focus', { body: withoutFocus, contentType: 'image/png' });
  }
  expect(withFocus.equals(withoutFocus), `focus is not visible on ${page.url()}: ${focused.html} at ${JSON.stringify(focused.clip)}`).toBe(false);
}

/**
 * Presses Tab (or Shift+Tab) until the target has focus, checking at every stop on the way that
 * focus can be seen. Fails, naming the stops it passed, when the target is not reached.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; maxStops?: number } = {}): Promise<void> {
  const element = await target.elementHandle();
  const passed: string[] = [];
  for (let stop = 0; stop < (options.maxStops ?? 60); stop += 1) {
    await page.keyboard.press(options.backwards === true ? 'Shift+Tab' : 'Tab');
    // Past the last control focus leaves the page, as for the browser's own toolbar; the next Tab comes back in at the top.
    if (await page.evaluate(() => document.activeElement === null || document.activeElement === document.body)) {
      passed.push('(left the page)');
      continue;
    }
    await expectFocusVisible(page);
    if (await element.evaluate((node) => node === document.activeElement)) return;
    passed.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing'));
  }
  throw new Error(`Tab never reached ${target.toString()}; it passed:\n${passed.join('\n')}`);
}

/**
 * Tab out of a date or time box: Chromium moves through the box's own parts (day, month, year)
 * first, which its own highlight shows and tabTo's picture comparison cannot always tell apart.
 */
export async function tabPast(page: Page, box: Locator): Promise<void> {
  for (let stop = 0; stop < 6 && (await box.evaluate((node) => node === document.activeElement)); stop += 1) await page.keyboard.press('Tab');
}

/** The per-page layout checks every screen must pass at 375px. */
export async function expectPhoneLayout(page: Page): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectTargetsAtLeast44(page);
}
