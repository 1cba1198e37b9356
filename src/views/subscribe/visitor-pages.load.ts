import { readable } from '../../lib/readable-promise';
import type * as VisitorPageModule from './subscription-pages';

type VisitorPages = typeof VisitorPageModule;

let code: Promise<VisitorPages> | undefined;

/**
 * Downloads the chunk of one visitor's forms and outcomes (once): the subscription pages, the
 * booking pages and an event page's booking section. One chunk, loaded from one place, because
 * each dynamic import carries the names of every chunk it needs, and a second one would take
 * every page's first load past its budget (tests/build/bundle-manifest.test.ts).
 */
export function loadVisitorPages(): Promise<VisitorPages> {
  code ??= readable(import('./subscription-pages'));
  return code;
}
