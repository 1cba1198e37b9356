import { z } from './zod';

/** The 'Visits' page's API (administrators only): what the server counted, and the monthly summary by e-mail. */
export const VISITS_PATHS = {
  report: '/api/visits',
  /** PUT `{ wanted }`: the signed-in administrator's choice of the monthly summary. */
  summaryByEmail: '/api/visits/summary-by-email',
} as const;

const periodSchema = z.object({ period: z.string(), pageViews: z.number().int().nonnegative(), downloads: z.number().int().nonnegative() });
const tallySchema = z.object({ key: z.string(), count: z.number().int().nonnegative() });
const peopleMonthSchema = z.object({ month: z.string(), joined: z.number().int().nonnegative(), total: z.number().int().nonnegative() });

export const visitsReportSchema = z.object({
  days: z.array(periodSchema),
  months: z.array(periodSchema),
  pages: z.array(tallySchema),
  downloads: z.array(tallySchema),
  searchesNotFound: z.array(tallySchema),
  referrers: z.array(tallySchema),
  subscribers: z.array(peopleMonthSchema),
  members: z.array(peopleMonthSchema),
  summaryByEmail: z.boolean(),
});

export const summaryByEmailSchema = z.object({ wanted: z.boolean() });
