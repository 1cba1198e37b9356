import {
  COLOURS_ATTRIBUTE,
  DISPLAY_COOKIE,
  DISPLAY_COOKIE_MAX_AGE_SECONDS,
  TEXT_SIZE_ATTRIBUTE,
  displayAttributes,
  displayCookieValue,
  displayKey,
  displaySettingsFrom,
  type DisplaySettings,
} from '../../src-core/domain/display-settings';
import type { DisplaySettingsStore } from '../lib/display-settings.context';

function writeCookie(document: Document, value: string | undefined): void {
  // Lax and first-party: the cookie goes only to this site, and holds nothing but the setting.
  const secure = document.location.protocol === 'https:' ? '; secure' : '';
  const lifetime = value === undefined ? 'max-age=0' : `max-age=${DISPLAY_COOKIE_MAX_AGE_SECONDS}`;
  document.cookie = `${DISPLAY_COOKIE}=${value ?? ''}; path=/; ${lifetime}; samesite=lax${secure}`;
}

/**
 * The settings as the page shows them: read from `<html>`, where the server (or, on a static
 * host, the display-settings script) put them before the first paint; saved by changing those
 * attributes, which the stylesheet follows at once, and the cookie, which every later page reads.
 */
export function documentDisplaySettings(document: Document): DisplaySettingsStore {
  const root = document.documentElement;
  const listeners = new Set<() => void>();
  let known: DisplaySettings | undefined;

  function current(): DisplaySettings {
    const read = displaySettingsFrom(root.getAttribute(TEXT_SIZE_ATTRIBUTE), root.getAttribute(COLOURS_ATTRIBUTE));
    if (known === undefined || displayKey(known) !== displayKey(read)) known = read;
    return known;
  }

  return {
    current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save(settings) {
      root.removeAttribute(TEXT_SIZE_ATTRIBUTE);
      root.removeAttribute(COLOURS_ATTRIBUTE);
      for (const [name, value] of Object.entries(displayAttributes(settings))) root.setAttribute(name, value);
      writeCookie(document, displayCookieValue(settings));
      for (const listener of listeners) listener();
    },
  };
}
