import type { Db } from '../db/database';

export interface TwoStepState {
  /** The confirmed key, when two-step sign-in is on. */
  readonly secret: string | undefined;
  /** A key shown for enrolment and not yet confirmed with a code. */
  readonly pendingSecret: string | undefined;
  readonly recoveryCodesLeft: number;
}

export interface TwoStepRepository {
  state(email: string): TwoStepState;
  setPending(email: string, secret: string): void;
  /** Turns two-step sign-in on with the pending key, accepting `step` as used, and stores the recovery codes' hashes. */
  enable(email: string, secret: string, step: number, recoveryCodeHashes: readonly string[]): void;
  /** Turns it off and forgets the key and every recovery code. */
  disable(email: string): boolean;
  /**
   * Records `step` as used, only if it is later than any step used before: true when it was.
   * A code can therefore work once, and never after a later one.
   */
  acceptStep(email: string, step: number): boolean;
  /** Marks an unused recovery code used: true when there was one. */
  useRecoveryCode(email: string, codeHash: string, at: number): boolean;
}

interface StateRow {
  totp_secret: string | null;
  totp_pending_secret: string | null;
  left: number;
}

export function createTwoStepRepository(db: Db): TwoStepRepository {
  const selectState = db.prepare<[string], StateRow>(
    `SELECT totp_secret, totp_pending_secret,
       (SELECT COUNT(*) FROM recovery_codes WHERE email = accounts.email AND used_at IS NULL) AS left
     FROM accounts WHERE email = ?`,
  );
  const setPendingSecret = db.prepare<[string, string]>('UPDATE accounts SET totp_pending_secret = ? WHERE email = ?');
  const setSecret = db.prepare<[string, number, string]>(
    'UPDATE accounts SET totp_secret = ?, totp_pending_secret = NULL, totp_last_step = ? WHERE email = ?',
  );
  const clearSecret = db.prepare<[string]>(
    'UPDATE accounts SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE email = ? AND (totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL)',
  );
  const clearCodes = db.prepare<[string]>('DELETE FROM recovery_codes WHERE email = ?');
  const insertCode = db.prepare<[string, string]>('INSERT INTO recovery_codes (email, code_hash) VALUES (?, ?)');
  const advanceStep = db.prepare<[number, string, number]>(
    'UPDATE accounts SET totp_last_step = ? WHERE email = ? AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ?)',
  );
  const markCodeUsed = db.prepare<[number, string, string]>(
    'UPDATE recovery_codes SET used_at = ? WHERE email = ? AND code_hash = ? AND used_at IS NULL',
  );

  return {
    state(email) {
      const row = selectState.get(email);
      return {
        secret: row?.totp_secret ?? undefined,
        pendingSecret: row?.totp_pending_secret ?? undefined,
        recoveryCodesLeft: row?.left ?? 0,
      };
    },
    setPending(email, secret) {
      setPendingSecret.run(secret, email);
    },
    enable: db.transaction((email: string, secret: string, step: number, hashes: readonly string[]) => {
      setSecret.run(secret, step, email);
      clearCodes.run(email);
      for (const hash of hashes) insertCode.run(email, hash);
    }),
    disable: db.transaction((email: string) => {
      const changed = clearSecret.run(email).changes > 0;
      clearCodes.run(email);
      return changed;
    }),
    acceptStep: (email, step) => advanceStep.run(step, email, step).changes > 0,
    useRecoveryCode: (email, codeHash, at) => markCodeUsed.run(at, email, codeHash).changes > 0,
  };
}
