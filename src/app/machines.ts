import type { Backend } from '../../src-core/ports/backend';
import type { Machines } from '../lib/view-actions';
import { loadOnce } from './deferred-backend';
import type * as PublicMachineFactories from './public-machines';

type PublicMachines = typeof PublicMachineFactories;

let loaded: PublicMachines | undefined;

/**
 * Downloads the public pages' machines (and XState with them). Only the parts of a page that run
 * on a machine need them (the menu, the contact form; routes.tsx), and those load them with
 * their own code, so a page's first load carries no machine at all.
 */
export const loadMachines = loadOnce(() =>
  import('./public-machines').then((module) => {
    loaded = module;
  }),
);

function factories(): PublicMachines {
  if (loaded === undefined) throw new Error('The machines are used before loadMachines() has finished (see routes.tsx).');
  return loaded;
}

/**
 * Turns a backend into the public pages' machines; each view adds the few actions only it can
 * do. The admin area's machines are made the same way in admin-machines.tsx, which loads with
 * the admin area's code.
 */
export function createMachines(backend: Backend): Machines {
  return {
    menu: (view) => factories().menuMachineFor(view),
    contact: (view) => factories().contactMachineFor(backend.mail, view),
  };
}
