/**
 * The main navigation on small screens.
 *
 * States: 'closed' (initial), 'open'.
 * Events: 'menu.toggle' (the hamburger button), 'menu.link-chosen', 'menu.outside-click'
 *   (a click outside the menu and its toggle), 'menu.escape'.
 * Actions the composition root may provide: `returnFocus`, run when Escape closes the
 *   menu, so keyboard users land back on the toggle (default: nothing).
 */
import { setup } from 'xstate';
import { lazy } from './lazy';

export type MenuEvent =
  | { type: 'menu.toggle' }
  | { type: 'menu.link-chosen' }
  | { type: 'menu.outside-click' }
  | { type: 'menu.escape' };

/** Made on first use (see lazy.ts), since every public page has the menu. */
export const menuMachine = lazy(() =>
  setup({
    types: { events: {} as MenuEvent },
    actions: {
      returnFocus: () => {},
    },
  }).createMachine({
    id: 'menu',
    initial: 'closed',
    states: {
      closed: {
        on: { 'menu.toggle': 'open' },
      },
      open: {
        on: {
          'menu.toggle': 'closed',
          'menu.link-chosen': 'closed',
          'menu.outside-click': 'closed',
          'menu.escape': { target: 'closed', actions: 'returnFocus' },
        },
      },
    },
  }),
);
