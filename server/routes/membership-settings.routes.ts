import { MEMBERSHIP_PATHS, membershipSettingsSchema } from '../../contract/membership';
import { CoreError } from '../../src-core/domain/core-error';
import { isYearStart } from '../../src-core/domain/membership-year';
import { retryWhenBusy } from '../db/retry-when-busy';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { MEMBER_LIST_MESSAGES } from '../membership/member-messages';
import { adminAreaHooks } from '../plugins/auth.plugin';

const SETTING_NAMES = { yearStartsOn: 'year starts on', feeCents: 'fee', howToPay: 'how to pay', remindersOn: 'reminders' } as const;

/** When the membership year starts, the fee, how to pay, and whether reminders go out. */
export async function membershipSettingsRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');

  app.get(MEMBERSHIP_PATHS.membershipSettings, { schema: { response: { 200: membershipSettingsSchema, ...errorResponses } } }, async () =>
    app.membershipSettings.get(),
  );

  app.put(
    MEMBERSHIP_PATHS.membershipSettings,
    { schema: { body: membershipSettingsSchema, response: { 200: membershipSettingsSchema, ...errorResponses } } },
    async (request) => {
      if (!isYearStart(request.body.yearStartsOn)) {
        throw new CoreError('invalid-input', MEMBER_LIST_MESSAGES.yearStartsOn, { fieldErrors: { yearStartsOn: MEMBER_LIST_MESSAGES.yearStartsOn } });
      }
      const before = app.membershipSettings.get();
      const after = { ...request.body, howToPay: request.body.howToPay.trim() };
      await retryWhenBusy(() => app.membershipSettings.put(after));
      const changed = (Object.keys(SETTING_NAMES) as (keyof typeof SETTING_NAMES)[]).filter((key) => before[key] !== after[key]).map((key) => SETTING_NAMES[key]);
      await app.audit.record(request, 'membership-settings-changed', changed.length === 0 ? 'nothing changed' : changed.join(', '));
      return app.membershipSettings.get();
    },
  );
}
