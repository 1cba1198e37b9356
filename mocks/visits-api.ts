/**
 * The self-hosted server's 'Visits' routes as the MSW fake answers them (mocks/self-hosted-api.ts
 * holds the state and the sign-in): a made-up month of counts, and the summary choice.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ApiHelpers } from './self-hosted-api';
import type { z } from 'zod';
import { VISITS_PATHS, summaryByEmailSchema, type visitsReportSchema } from '../contract/visits';

export type WireVisitsReport = z.infer<typeof visitsReportSchema>;

export interface VisitsState {
  visits: WireVisitsReport;
  now: () => Date;
}

/** The last `count` days up to `today` ('2026-03-02'), or months ('2026-03') when `months`. */
function periods(today: Date, count: number, months: boolean): string[] {
  return Array.from({ length: count }, (_, index) => {
    const back = count - 1 - index;
    const date = months
      ? new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1))
      : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
    return date.toISOString().slice(0, months ? 7 : 10);
  });
}

/** Counts that rise and fall like a real site's, the same on every run. */
export function sampleVisitsReport(today: Date): WireVisitsReport {
  return {
    days: periods(today, 30, false).map((period, index) => ({ period, pageViews: 40 + ((index * 37) % 60), downloads: (index * 7) % 12 })),
    months: periods(today, 12, true).map((period, index) => ({ period, pageViews: 900 + ((index * 211) % 700), downloads: 80 + ((index * 53) % 90) })),
    pages: [
      { key: '/', count: 812 },
      { key: '/news', count: 301 },
      { key: '/events', count: 188 },
      { key: '/article/7', count: 97 },
    ],
    downloads: [
      { key: 'newsletters/Spring 2026.pdf', count: 143 },
      { key: 'Membership form.pdf', count: 61 },
    ],
    searchesNotFound: [
      { key: 'bus pass', count: 9 },
      { key: 'christmas lunch', count: 4 },
    ],
    referrers: [{ key: 'facebook.com', count: 57 }],
    subscribers: periods(today, 12, true).map((month, index) => ({ month, joined: index % 4, total: 40 + index * 2 })),
    members: periods(today, 12, true).map((month, index) => ({ month, joined: index % 3, total: 120 + index })),
    summaryByEmail: false,
  };
}

export function visitsHandlers(state: VisitsState, { forAdministrator, jsonBody }: ApiHelpers): HttpHandler[] {
  return [
    http.get(`*${VISITS_PATHS.report}`, forAdministrator(() => HttpResponse.json(state.visits, { headers: { 'cache-control': 'no-store' } }))),
    http.put(`*${VISITS_PATHS.summaryByEmail}`, forAdministrator(async ({ request }) => {
      const body = summaryByEmailSchema.parse(await jsonBody(request));
      state.visits = { ...state.visits, summaryByEmail: body.wanted };
      return new HttpResponse(null, { status: 204 });
    })),
  ];
}
