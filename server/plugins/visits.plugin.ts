import fp from 'fastify-plugin';
import { isAdministrator, normaliseEmail } from '../../src-core/domain/administrator';
import { storageFaultOf } from '../db/storage-fault';
import { createVisitsRepository, type VisitsRepository } from '../repositories/visits.repository';
import { countedBy, robotJudge } from '../visits/visit-counting';
import { SEARCH_TEXT_KEPT_DAYS } from '../../src-core/domain/visits';
import { daysUpTo, monthBefore } from '../visits/visit-days';
import { createVisitTally, dayOfVisit } from '../visits/visit-tally';

declare module 'fastify' {
  interface FastifyInstance {
    visits: VisitsRepository;
    /** The calendar day of a moment in the site's time zone, as the visits are counted by. */
    visitDay: (at: number) => string;
  }
}

/** How often the counts kept in memory are written: a crash loses at most this much. */
const VISITS_WRITE_EVERY_MS = 60_000;
/** How often the server looks whether a month's summary is due (it is queued once, on or after the 1st) and deletes old searches. */
const SUMMARY_CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Counts visits on the server (docs/behaviour.md#visits): each response adds one to a number in
 * memory after it is sent, and the numbers are written to the database in one transaction a
 * minute and when the server stops, so no request waits for a write. Also queues the monthly
 * summary for the administrators who asked for it, through the member mail queue.
 */
export const visitsPlugin = fp(
  async (app) => {
    const visits = createVisitsRepository(app.db);
    const visitDay = dayOfVisit(app.config.timeZone);
    const tally = createVisitTally();
    const isRobot = robotJudge();
    app.decorate('visits', visits);
    app.decorate('visitDay', visitDay);
    app.decorateRequest('searchNotFound', null);

    // The names this site is reached by: a link from one of its own pages is no referrer.
    const ownHosts = [app.config.publicOrigin, `http://${app.config.host}`]
      .filter((origin): origin is string => origin !== undefined)
      .map((origin) => new URL(origin).hostname.toLowerCase());

    // A plain callback, as every hook on every request is (docs/architecture.md#the-least-work-per-response).
    app.addHook('onResponse', (request, reply, done) => {
      const counted = countedBy(request, reply, isRobot, ownHosts);
      if (counted.length > 0) {
        const day = visitDay(app.clock());
        for (const { kind, key } of counted) tally.add(day, kind, key);
      }
      done();
    });

    function write(): void {
      const dropped = tally.dropped;
      const batch = tally.take();
      if (dropped > 0) app.log.warn({ event: 'visits-dropped', dropped }, 'Too many different addresses in a minute; some visits were not counted');
      if (batch.length === 0) return;
      try {
        visits.add(batch);
      } catch (error) {
        // A full disk or a busy database: the counts wait for the next write instead of being lost.
        tally.restore(batch);
        const level = storageFaultOf(error) === undefined ? 'error' : 'warn';
        app.log[level]({ err: error, event: 'visits-write-failed' }, 'Visits could not be written; will try again');
      }
    }

    function queueSummary(): void {
      const now = app.clock();
      const month = monthBefore(visitDay(now));
      try {
        const queued = visits.queueSummaryOnce(month, now, () => {
          // Only those who are administrators still: someone taken off ADMIN_EMAILS gets no more summaries.
          const recipients = visits.summaryRecipients().filter((email) => isAdministrator({ email }, app.config.adminEmails));
          for (const address of recipients) {
            app.mailQueue.enqueue({ kind: 'visits-summary', address, addressKey: normaliseEmail(address), payload: month }, now);
          }
        });
        if (queued) app.memberMailSender?.kick();
      } catch (error) {
        app.log.error({ err: error, event: 'visits-summary-failed' }, 'The monthly visits summary could not be queued; will try again');
      }
    }

    function deleteOldSearches(): void {
      const firstKept = daysUpTo(visitDay(app.clock()), SEARCH_TEXT_KEPT_DAYS)[0];
      if (firstKept === undefined) return;
      try {
        const deleted = visits.deleteSearchesBefore(firstKept);
        if (deleted > 0) app.log.info({ event: 'visit-searches-deleted', deleted }, 'Deleted the words of old searches');
      } catch (error) {
        app.log.error({ err: error, event: 'visit-searches-deleted' }, 'Deleting old searches failed; will try again');
      }
    }

    function everyHour(): void {
      queueSummary();
      deleteOldSearches();
    }

    const writing = setInterval(write, VISITS_WRITE_EVERY_MS);
    writing.unref();
    everyHour();
    const summaries = setInterval(everyHour, SUMMARY_CHECK_EVERY_MS);
    summaries.unref();
    // Registered after the data plugin, so this runs before the database is closed.
    app.addHook('onClose', () => {
      clearInterval(writing);
      clearInterval(summaries);
      write();
    });
  },
  { name: 'visits', dependencies: ['data', 'member-mail'] },
);
