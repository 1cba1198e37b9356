import { fromPromise } from 'xstate';
import { joinMachine } from '../../src-core/machines/join.machine';
import type { MembershipApplication, MembershipPort } from '../../src-core/ports/membership.port';
import type { JoinViewActions } from './view-actions';

/**
 * The join machine sending through the backend's membership port. Composed here rather than
 * with the other public machines (src/app/machines.ts, src/app/public-machines.ts): only the join page needs it,
 * so it comes with that page's chunk, and neither every page's first load nor the menu's
 * machines carry it or its rules (tests/build/bundle-manifest.test.ts).
 */
export function joinMachineFor(membership: MembershipPort, view: JoinViewActions) {
  return joinMachine().provide({
    actors: {
      // The trap field is read as the application goes, since robots fill it in at any moment.
      submit: fromPromise<void, MembershipApplication>(({ input }) => membership.apply({ ...input, website: view.trapValue() })),
    },
    actions: {
      focusFieldToFix: () => view.focusFieldToFix(),
      focusFailure: () => view.focusFailure(),
      showThanks: () => view.showThanks(),
    },
  });
}

export type JoinMachineMaker = (view: JoinViewActions) => ReturnType<typeof joinMachine>;
