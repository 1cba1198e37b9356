// '.js' because Vite's config loader reads this file too (tooling/vite/display-settings.plugin.ts).
import { createHash } from 'node:crypto';
import {
  COLOURS_ATTRIBUTE,
  COLOUR_SCHEMES,
  DISPLAY_COOKIE,
  TEXT_SIZES,
  TEXT_SIZE_ATTRIBUTE,
} from '../../src-core/domain/display-settings.js';

function oneOf(values: readonly string[]): string {
  return values.filter((value) => value !== 'standard').join('|');
}

/**
 * The reader's display settings, put on `<html>` from the settings cookie before the first
 * paint, for pages no server renders (the hosted build's static files and every page in
 * development). The self-hosted server writes the same attributes into the page it sends and
 * takes this script out (page-template.ts). It goes at the top of `<head>`, so the styles below
 * it already see the attributes; plain ES5, run as it is, never bundled; only the values the
 * stylesheet knows are copied, so a forged cookie can change nothing else.
 * @internal Outside this file only tests and fakes use it.
 */
export const DISPLAY_SETTINGS_SCRIPT = [
  '(function(h){',
  `var m=/(?:^|;\\s*)${DISPLAY_COOKIE}=([a-z-]+)\\.([a-z-]+)/.exec(document.cookie);`,
  'if(!m)return;',
  `if(/^(${oneOf(TEXT_SIZES)})$/.test(m[1]))h.setAttribute("${TEXT_SIZE_ATTRIBUTE}",m[1]);`,
  `if(/^(${oneOf(COLOUR_SCHEMES)})$/.test(m[2]))h.setAttribute("${COLOURS_ATTRIBUTE}",m[2])`,
  '})(document.documentElement)',
].join('');

/** The script as it stands in the built index.html. */
export const DISPLAY_SETTINGS_ELEMENT = `<script>${DISPLAY_SETTINGS_SCRIPT}</script>`;

/**
 * The script's source for a content security policy's script-src (firebase.json).
 * @internal Outside this file only tests and fakes use it.
 */
export const DISPLAY_SETTINGS_CSP_SOURCE = `'sha256-${createHash('sha256').update(DISPLAY_SETTINGS_SCRIPT).digest('base64')}'`;
