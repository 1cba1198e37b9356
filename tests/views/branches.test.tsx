import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { HOSTED, SELF_HOSTED, startFakeNetwork } from './backends';

const network = startFakeNetwork();

describe('on the self-hosted backend', () => {
  test("the branches page lists every active branch and answers 'Which branch is near me?' for the county in its address", async () => {
    network.site(SELF_HOSTED).render('/branches?county=Kerry');

    const answer = await screen.findByRole('list', { name: 'Branches in County Kerry' });
    expect(within(answer).getAllByRole('link').map((link) => link.textContent)).toEqual(['Sample Branch South']);
    expect(within(answer).getByRole('link', { name: 'Sample Branch South' })).toHaveAttribute('href', '/branches/sample-branch-south');
    expect(screen.getByRole('combobox', { name: 'Your county' })).toHaveValue('Kerry');
    expect(screen.getAllByRole('option')).toHaveLength(27);
    const all = screen.getByRole('region', { name: 'All our branches' });
    expect(within(all).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Sample Branch North', 'Sample Branch South']);
  });

  test('a county no branch covers says so and offers the contact page', async () => {
    network.site(SELF_HOSTED).render('/branches?county=Mayo');

    expect(await screen.findByText(/No branch covers County Mayo yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
  });

  test("a branch's page shows its details, and About points to the branches", async () => {
    network.site(SELF_HOSTED).render('/branches/sample-branch-north');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sample Branch North' })).toBeInTheDocument();
    expect(screen.getByText('Donegal, Leitrim, Sligo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Calendar feed of Sample Branch North/ })).toHaveAttribute('href', '/branches/sample-branch-north/events.ics');
    expect(screen.getByText('This branch has no upcoming events listed yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Find your branch' })).toHaveAttribute('href', '/branches');
  });
});

describe('on the hosted backend, which keeps no branches yet', () => {
  test('the branches pages say so plainly, and nothing links to them', async () => {
    network.site(HOSTED).render('/branches');

    expect(await screen.findByText(/The branches are not listed on this website yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find your branch' })).toBeNull();
  });

  test('a branch page says the same, not that something failed', async () => {
    network.site(HOSTED).render('/branches/sample-branch-south');

    expect(await screen.findByText(/The branches are not listed on this website yet/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
