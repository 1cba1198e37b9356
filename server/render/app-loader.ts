import { createHash } from 'node:crypto';

/**
 * The one script a rendered page carries: it starts the app only once the browser has shown
 * the page. A module script named in the page would be fetched and run while the page is still
 * being parsed; on a slow phone that puts a round trip and a compile between the visitor and
 * the first text. The page is complete without script, so the app can wait.
 *
 * The app's address comes from the element's data-app-entry attribute, not the text, so the
 * text (and the hash the content security policy names it by) is the same for every build.
 * Written as plain ES2017 for the page to run as it is: it is never bundled.
 * @internal Outside this file only tests and fakes use it.
 */
export const APP_LOADER = [
  '(function(loader){',
  'var src=loader&&loader.getAttribute("data-app-entry");',
  // Hydration needs the whole page, which a long page may not be at its first paint.
  'function start(){if(document.readyState==="loading"){document.addEventListener("DOMContentLoaded",start);return}if(!src)return;var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=src;src="";document.head.appendChild(s)}',
  // A hidden tab shows nothing, and an old browser reports no paints: start at once then.
  'if(document.visibilityState==="hidden"||typeof PerformanceObserver!=="function"||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0){setTimeout(start,0);return}',
  'var seen=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){seen.disconnect();start()}});',
  'seen.observe({type:"paint",buffered:true});',
  // Nothing waits longer than two seconds, whatever the browser reports.
  'setTimeout(function(){seen.disconnect();start()},2000)',
  '})(document.currentScript)',
].join('');

/** The loader's source for a content security policy's script-src: the page allows it and no other inline script. */
export const APP_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_LOADER).digest('base64')}'`;

/** The loader as it goes in a page, naming the app's entry module. */
export function appLoaderElement(entrySrc: string): string {
  const attribute = entrySrc.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<script data-app-entry="${attribute}">${APP_LOADER}</script>`;
}
