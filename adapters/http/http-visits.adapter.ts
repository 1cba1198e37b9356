import type { VisitsPort } from '../../src-core/ports/visits.port';
import { VISITS_PATHS, visitsReportSchema } from '../../contract/visits';
import type { HttpClient } from './http-client';

export function createHttpVisits(client: HttpClient): VisitsPort {
  return {
    getReport: () => client.request('GET', VISITS_PATHS.report, visitsReportSchema),
    setSummaryByEmail: (wanted) => client.send('PUT', VISITS_PATHS.summaryByEmail, { json: { wanted } }),
  };
}
