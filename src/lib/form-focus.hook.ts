import { useId } from 'react';
import { useAfterRender } from './after-render.hook';
import { focusById, focusFirstInvalidField } from './focus';

/**
 * The ids a form machine's view gives its form, its refusal and its notice, and the focus moves
 * the machine names for them (src/lib/view-actions.ts): the first field to fix, the refusal, the
 * notice after a save. Each lands once React has drawn the state that asked for it.
 * `givenFormId`: a form whose id its parent chose.
 */
export function useFormFocus(givenFormId?: string) {
  const ownFormId = useId();
  const formId = givenFormId ?? ownFormId;
  const failureId = useId();
  const noticeId = useId();
  const afterRender = useAfterRender();
  return {
    formId,
    failureId,
    noticeId,
    afterRender,
    /** FormViewActions and the notice after a save, as a saved form's machine takes them. */
    actions: {
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
      focusFailure: () => afterRender(() => focusById(failureId)),
      focusNotice: () => afterRender(() => focusById(noticeId)),
    },
  };
}
