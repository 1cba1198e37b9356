import type { Plugin } from 'vite';
// '.js' because Vite's config loader reads this file too.
import { DISPLAY_SETTINGS_SCRIPT } from '../../server/render/display-settings-script.js';

/**
 * Puts the display-settings script at the very top of index.html's head, in development and in
 * every build, so the reader's text size and colours are on `<html>` before anything paints.
 * The self-hosted server takes it out again and writes the attributes itself (server/render);
 * the hosted build's static pages keep it, allowed by its hash in firebase.json.
 */
export function displaySettingsPlugin(): Plugin {
  return {
    name: 'rnai-display-settings',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', children: DISPLAY_SETTINGS_SCRIPT, injectTo: 'head-prepend' }],
    },
  };
}
