import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { VISITS_PATHS } from '../../../contract/visits';
import { errorBody } from '../../../contract/wire';
import { createBackend } from '../../../src/app/backend';
import { sampleVisitsReport } from '../../../mocks/visits-api';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();
const TODAY = new Date(Date.UTC(2026, 10, 21, 9));

function figure(name: string | RegExp) {
  return screen.getByRole('figure', { name });
}

/** The bars' heights in the figure's chart, oldest first, page views and downloads. */
function barHeights(of: HTMLElement, kind: 'views' | 'downloads'): number[] {
  return [...of.querySelectorAll(`svg .visits-chart__${kind}`)].map((bar) => Number(bar.getAttribute('height')));
}

/** The table's rows as [label, page views, downloads], newest first, as it lists them. */
function tableRows(of: HTMLElement): number[][] {
  const rows = within(within(of).getByRole('table')).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell').map((cell) => Number((cell.textContent ?? '').replace(/,/g, ''))));
}

test('the chart of the last 30 days and its table show the same figures, and the chart is hidden from screen readers', async () => {
  useSignedInApi(server, { visits: sampleVisitsReport(TODAY) });
  renderSite('/admin/visits');
  await findAdminPage('Visits');

  const days = await screen.findByRole('figure', { name: 'Page views and downloads on each of the last 30 days' });
  const rows = tableRows(days).reverse();
  const views = barHeights(days, 'views');
  const downloads = barHeights(days, 'downloads');

  expect(rows).toHaveLength(30);
  expect(views).toHaveLength(30);
  const viewsScale = (views[0] ?? 0) / (rows[0]?.[0] ?? 1);
  rows.forEach(([pageViews = 0, downloaded = 0], index) => {
    expect(views[index]).toBeCloseTo(pageViews * viewsScale, 6);
    expect(downloads[index]).toBeCloseTo(downloaded * viewsScale, 6);
  });
  expect(days.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(within(days).getAllByRole('rowheader')[0]).toHaveTextContent('Saturday 21 November');
  expect(within(figure('Page views and downloads in each of the last 12 months')).getAllByRole('rowheader')[0]).toHaveTextContent('November 2026');
});

test('the lists show the most read pages, the most downloaded files and the searches that found nothing', async () => {
  useSignedInApi(server, { visits: sampleVisitsReport(TODAY) });
  renderSite('/admin/visits');
  await findAdminPage('Visits');

  const pages = await screen.findByRole('table', { name: 'Most read pages' });
  expect(within(pages).getAllByRole('row')[1]).toHaveTextContent('Home (/)812');
  expect(within(pages).getByRole('link', { name: '/news' })).toHaveAttribute('href', '/news');
  expect(within(screen.getByRole('table', { name: 'Most downloaded newsletters and documents' })).getAllByRole('row')[1]).toHaveTextContent(
    'Spring 2026.pdf (Newsletters)143',
  );
  expect(within(screen.getByRole('table', { name: 'Searches that found nothing' })).getAllByRole('row')[1]).toHaveTextContent('bus pass9');
  expect(within(screen.getByRole('table', { name: 'Subscribers and members, by month' })).getAllByRole('row')[1]).toHaveTextContent('November 2026');
});

test('asking for the monthly summary is saved for the signed-in administrator', async () => {
  const state = useSignedInApi(server, { visits: sampleVisitsReport(TODAY) });
  const { user } = renderSite('/admin/visits');
  await findAdminPage('Visits');
  const checkbox = await screen.findByRole('checkbox', { name: 'E-mail me a summary of the visits on the 1st of each month' });
  expect(checkbox).not.toBeChecked();

  await user.click(checkbox);

  expect(await screen.findByText('Saved. The summary will be e-mailed to you on the 1st of each month.')).toBeInTheDocument();
  expect(checkbox).toBeChecked();
  expect(state.visits.summaryByEmail).toBe(true);
});

test('a choice that could not be saved says so and shows what is still saved', async () => {
  useSignedInApi(server, { visits: sampleVisitsReport(TODAY) });
  server.use(http.put(`*${VISITS_PATHS.summaryByEmail}`, () => HttpResponse.json(errorBody('unavailable', 'The server is busy. Please try again in a minute.'), { status: 503 })));
  const { user } = renderSite('/admin/visits');
  await findAdminPage('Visits');
  const checkbox = await screen.findByRole('checkbox', { name: 'E-mail me a summary of the visits on the 1st of each month' });

  await user.click(checkbox);

  expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Please try again in a minute.');
  expect(checkbox).not.toBeChecked();
});

test('the hosted site has no Visits page, and the admin area says where that stands', async () => {
  useSignedInApi(server);
  renderSite('/admin', { ...createBackend(), visits: undefined });
  await findAdminPage();

  expect(within(screen.getByRole('navigation', { name: 'Admin area' })).queryByRole('link', { name: 'Visits' })).toBeNull();
  expect(screen.getByRole('region', { name: 'Kept elsewhere on this website' })).toHaveTextContent('Visits (how many people read each page');
});
