import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import type { DeleteItem } from '../../../src-core/machines/delete.machine';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { ConfirmPrompt } from './confirm-prompt';

/**
 * A 'Delete' button on the delete machine, shared by every listed thing that has one (a file, an
 * event, a post): each view lays out the button, the question and the failure its own way.
 */
export function useDeleteFlow(item: DeleteItem, onDeleted: () => void) {
  const deleteId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.delete({
      // Back from the question (kept, or failed): focus returns to the button that asked it.
      focusDeleteButton: () => afterRender(() => focusById(deleteId)),
      deleted: onDeleted,
    }),
  );
  const [state, send] = useMachine(machine, { input: item });

  return {
    /** The question stands where the button was, until the delete is kept or has failed. */
    asking: state.matches('confirming') || state.matches('deleting'),
    deleted: state.matches('deleted'),
    /** The button's id (focus comes back to it), type and click. */
    buttonProps: { id: deleteId, type: 'button', onClick: () => send({ type: 'delete.request' }) } as const,
    prompt: (question: string, busyText: string) => (
      <ConfirmPrompt
        question={question}
        // Busy from the confirm on, also after the delete while the reloaded list still shows it.
        busy={!state.matches('confirming')}
        busyText={busyText}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
    ),
    failure: state.context.errorMessage !== null && (
      <p role="alert" className="field-error">
        {state.context.errorMessage}
      </p>
    ),
  };
}
