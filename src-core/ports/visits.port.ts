import type { VisitsReport } from '../domain/visits';

/**
 * The 'Visits' page of the admin area (self-hosted): what the server counted, and whether the
 * signed-in administrator gets the monthly summary. Needs an administrator session; may throw
 * CoreError 'not-authorised' or 'unavailable'.
 */
export interface VisitsPort {
  getReport(): Promise<VisitsReport>;
  /** Turns the monthly summary by e-mail on or off for the signed-in administrator. */
  setSummaryByEmail(wanted: boolean): Promise<void>;
}
