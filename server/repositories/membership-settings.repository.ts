import type { WireMembershipSettings } from '../../contract/membership';
import type { Db } from '../db/database';

interface SettingsRow {
  year_starts_on: string;
  fee_cents: number | null;
  how_to_pay: string;
  reminders_on: number;
}

/** The membership year's one row of settings (migration 11 stores the defaults). */
export interface MembershipSettingsRepository {
  get(): WireMembershipSettings;
  put(settings: WireMembershipSettings): void;
}

export function createMembershipSettingsRepository(db: Db): MembershipSettingsRepository {
  const read = db.prepare<[], SettingsRow>('SELECT year_starts_on, fee_cents, how_to_pay, reminders_on FROM membership_settings WHERE id = 1');
  const write = db.prepare<[string, number | null, string, number]>(
    'UPDATE membership_settings SET year_starts_on = ?, fee_cents = ?, how_to_pay = ?, reminders_on = ? WHERE id = 1',
  );
  return {
    get() {
      const row = read.get();
      if (row === undefined) return { yearStartsOn: '01-01', feeCents: null, howToPay: '', remindersOn: true };
      return { yearStartsOn: row.year_starts_on, feeCents: row.fee_cents, howToPay: row.how_to_pay, remindersOn: row.reminders_on === 1 };
    },
    put(settings) {
      write.run(settings.yearStartsOn, settings.feeCents, settings.howToPay, settings.remindersOn ? 1 : 0);
    },
  };
}
