import type Mail from 'nodemailer/lib/mailer';
import { ADMIN_PAGES } from '../../src-core/domain/admin-pages';
import { periodLabel, type VisitTally } from '../../src-core/domain/visits';
import type { VisitsRepository } from '../repositories/visits.repository';
import { daysOfMonth } from '../visits/visit-days';
import { ASSOCIATION, page } from './member-mail';

const VISITS_PAGE = ADMIN_PAGES.find((each) => each.id === 'visits')?.path ?? '/admin';
const LISTED = 5;

function listed(heading: string, tallies: readonly VisitTally[]): string[] {
  if (tallies.length === 0) return [];
  return [`${heading}: ${tallies.map((tally) => `${tally.key} (${tally.count.toLocaleString('en-IE')})`).join('; ')}.`];
}

/**
 * The monthly summary an administrator asked for on the 'Visits' page: the month's page views
 * and downloads and what was most read, made from the counts when it is sent. Counts only: the
 * site keeps nothing about who visited.
 */
export function visitsSummaryMail(visits: VisitsRepository, month: string, to: string, from: string, origin: string, messageId: string): Mail.Options {
  const { first, last } = daysOfMonth(month);
  const totals = visits.totals(first, last);
  const subject = `Visits to the website in ${periodLabel(month)}`;
  const paragraphs = [
    `In ${periodLabel(month)} the website's pages were read ${totals.pageViews.toLocaleString('en-IE')} times, and its files downloaded ${totals.downloads.toLocaleString('en-IE')} times.`,
    ...listed('Most read pages', visits.top('page', first, last, LISTED)),
    ...listed('Most downloaded files', visits.top('download', first, last, LISTED)),
    ...listed('Searches that found nothing', visits.top('search', first, last, LISTED)),
    'The website counts visits without cookies and keeps nothing about who visited.',
  ];
  const action = { text: 'See the Visits page', href: `${origin}${VISITS_PAGE}` };
  const footer = ['You get this e-mail because you asked for it on the Visits page of the admin area, where you can turn it off.'];
  return {
    from: { name: ASSOCIATION, address: from },
    to,
    subject,
    messageId,
    text: [ASSOCIATION, '', subject, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${action.text}: ${action.href}`, '', '--', ...footer, ''].join('\n'),
    html: page(subject, subject, paragraphs, action, footer),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
