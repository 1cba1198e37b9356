import { VISITS_PATHS, summaryByEmailSchema, visitsReportSchema } from '../../contract/visits';
import { VISITS_CHART_MONTHS, VISITS_LIST_DAYS } from '../../src-core/domain/visits';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';
import { daysUpTo } from '../visits/visit-days';

/** The 'Visits' page for administrators: the counts, and their choice of the monthly summary. */
export async function visitsRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('site'));
  const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.timeZone, year: 'numeric', month: '2-digit' });
  const monthOf = (at: number) => monthFormat.format(at).slice(0, 7);

  app.get(VISITS_PATHS.report, { schema: { response: { 200: visitsReportSchema, ...errorResponses } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const today = app.visitDay(app.clock());
    const from = daysUpTo(today, VISITS_LIST_DAYS)[0] ?? today;
    const { visits } = app;
    return {
      days: visits.days(today, VISITS_LIST_DAYS),
      months: visits.months(today, VISITS_CHART_MONTHS),
      pages: visits.top('page', from, today),
      downloads: visits.top('download', from, today),
      searchesNotFound: visits.top('search', from, today),
      referrers: visits.top('referrer', from, today),
      ...visits.people(today, VISITS_CHART_MONTHS, monthOf),
      summaryByEmail: request.user === null ? false : visits.summaryWanted(request.user.email),
    };
  });

  app.put(VISITS_PATHS.summaryByEmail, { schema: { body: summaryByEmailSchema, response: { 204: emptyBody, ...errorResponses } } }, async (request, reply) => {
    if (request.user !== null) app.visits.setSummaryWanted(request.user.email, request.body.wanted);
    return reply.code(204).header('cache-control', 'no-store').send(null);
  });
}
