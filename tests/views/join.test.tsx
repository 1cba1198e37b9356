import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { APPLICATION_CONSENT_WORDING, MEMBERSHIP_MESSAGES, MEMBERSHIP_PATHS } from '../../contract/membership';
import { errorBody } from '../../contract/wire';
import { HOSTED, SELF_HOSTED, startFakeNetwork, type RenderedSite } from './backends';

const network = startFakeNetwork();

// The join machine logs each outcome; keep the test output quiet.
function quietLogs() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

/** The server's application requests as it would answer them, and what they carried. */
function applicationServer(answer: () => Response | undefined = () => undefined) {
  const bodies: unknown[] = [];
  network.use(
    http.post(`*${MEMBERSHIP_PATHS.applications}`, async ({ request }) => {
      bodies.push(await request.json());
      return answer() ?? new HttpResponse(null, { status: 202 });
    }),
  );
  return bodies;
}

function sendButton() {
  return screen.getByRole('button', { name: 'Send my application' });
}

/** The join form's e-mail field: the only one on the page (the footer leaves its news form out here). */
function emailField() {
  return screen.getByRole('textbox', { name: /^E-mail/ });
}

async function fillIn(user: RenderedSite['user']) {
  await user.type(screen.getByLabelText('Full name'), 'Mary Byrne');
  await user.type(screen.getByLabelText('Postal address'), '1 Main Street{Enter}Sligo');
  await user.type(screen.getByLabelText(/^Eircode/), 'f91 x2y3');
  await user.type(screen.getByLabelText('Your nursing background'), 'Trained in Sligo, worked in Galway.');
  await user.selectOptions(await screen.findByLabelText('Your nearest branch'), 'Sample Branch North');
  await user.click(screen.getByLabelText(APPLICATION_CONSENT_WORDING));
}

describe('on the self-hosted backend', () => {
  test('the join page has every field, the branches from the server with Not sure, and a form that posts to /join', async () => {
    network.site(SELF_HOSTED).render('/join');

    expect(await screen.findByRole('heading', { level: 1, name: 'Join online' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Eircode/ })).toHaveAccessibleDescription(/A65 F4E2/);
    expect(emailField()).toHaveAccessibleDescription(/write to you or phone you/);
    const branch = await screen.findByRole('combobox', { name: 'Your nearest branch' });
    await waitFor(() => expect(within(branch).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a branch', 'Sample Branch North', 'Sample Branch South', 'Not sure']));
    expect(within(branch).getByRole('option', { name: 'Not sure' })).toHaveValue('not-sure');
    expect(screen.getByRole('checkbox', { name: 'Send me the news by e-mail' })).toHaveAccessibleDescription(/confirm/);
    expect(screen.getByRole('checkbox', { name: APPLICATION_CONSENT_WORDING })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    const form = sendButton().closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/join');
  });

  test('sending an empty form shows each message beside its field and in a summary, focuses the first and sends nothing', async () => {
    const site = network.site(SELF_HOSTED);
    const bodies = applicationServer();
    const { user } = site.render('/join');
    await screen.findByRole('heading', { level: 1, name: 'Join online' });

    await user.click(sendButton());

    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(MEMBERSHIP_MESSAGES.name);
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Your nearest branch')).toHaveAccessibleDescription(expect.stringContaining(MEMBERSHIP_MESSAGES.branch));
    expect(screen.getByLabelText(APPLICATION_CONSENT_WORDING)).toHaveAccessibleDescription(expect.stringContaining(MEMBERSHIP_MESSAGES.consent));
    const summary = screen.getByRole('heading', { level: 2, name: 'There are 5 problems' }).parentElement;
    if (summary === null) throw new Error('no summary');
    const links = within(summary).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', `#${screen.getByLabelText('Full name').id}`);
    expect(bodies).toEqual([]);
  });

  test('a malformed Eircode and the news box without an e-mail address are named, and what was typed stays', async () => {
    const { user } = network.site(SELF_HOSTED).render('/join');
    await fillIn(user);
    await user.clear(screen.getByLabelText(/^Eircode/));
    await user.type(screen.getByLabelText(/^Eircode/), 'ZZ1');
    await user.click(screen.getByLabelText('Send me the news by e-mail'));

    await user.click(sendButton());

    expect(screen.getByLabelText(/^Eircode/)).toHaveAccessibleDescription(expect.stringContaining(MEMBERSHIP_MESSAGES.eircode));
    expect(screen.getByLabelText(/^Eircode/)).toHaveFocus();
    expect(screen.getByLabelText('Send me the news by e-mail')).toHaveAccessibleDescription(expect.stringContaining(MEMBERSHIP_MESSAGES.newsletterNeedsEmail));
    expect(screen.getByLabelText('Full name')).toHaveValue('Mary Byrne');
    expect(screen.getByLabelText(APPLICATION_CONSENT_WORDING)).toBeChecked();
  });

  test('an accepted application sends the fields and goes on to the thanks page', async () => {
    quietLogs();
    const site = network.site(SELF_HOSTED);
    const bodies = applicationServer();
    const { user } = site.render('/join');
    await fillIn(user);

    await user.click(sendButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for applying' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MEMBERSHIP_MESSAGES.thankYou);
    expect(bodies).toEqual([
      {
        name: 'Mary Byrne',
        address: '1 Main Street\nSligo',
        eircode: 'f91 x2y3',
        background: 'Trained in Sligo, worked in Galway.',
        branch: '1',
        newsletter: false,
        consent: true,
      },
    ]);
  });

  test("the server's field messages are shown beside their fields, focus goes to the first, and nothing typed is lost", async () => {
    quietLogs();
    const site = network.site(SELF_HOSTED);
    applicationServer(() =>
      HttpResponse.json(errorBody('invalid-input', MEMBERSHIP_MESSAGES.checkFields, { fieldErrors: { email: MEMBERSHIP_MESSAGES.email } }), { status: 400 }),
    );
    const { user } = site.render('/join');
    await fillIn(user);
    await user.type(emailField(), 'mary@example.invalid');

    await user.click(sendButton());

    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveAccessibleDescription(expect.stringContaining(MEMBERSHIP_MESSAGES.email));
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.checkFields);
    expect(screen.getByLabelText('Full name')).toHaveValue('Mary Byrne');
  });

  test('too many applications: the server says to wait, and focus goes to that message', async () => {
    quietLogs();
    const site = network.site(SELF_HOSTED);
    applicationServer(() => HttpResponse.json(errorBody('too-many-requests', MEMBERSHIP_MESSAGES.tooManyForAddress), { status: 429, headers: { 'retry-after': '600' } }));
    const { user } = site.render('/join');
    await fillIn(user);

    await user.click(sendButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MEMBERSHIP_MESSAGES.tooManyForAddress);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  test("the Join Us Today page keeps its title and offers 'Join online' near the top", async () => {
    network.site(SELF_HOSTED).render('/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Us Today' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join online' })).toHaveAttribute('href', '/join');
  });
  test('the privacy policy says what an application keeps, why, for how long and who sees it', async () => {
    network.site(SELF_HOSTED).render('/privacy-policy');

    const heading = await screen.findByRole('heading', { level: 2, name: 'Applying to join' });
    const section = [heading.nextElementSibling, heading.nextElementSibling?.nextElementSibling].map((element) => element?.textContent ?? '').join(' ');
    expect(section).toContain('nursing background, NMBI PIN');
    expect(section).toContain('deleted 90 days after our decision');
    expect(section).toContain('for as long as you are a member');
    expect(section).toContain('the record is erased 12 months later');
    expect(section).toContain('Only our volunteer administrators see applications');
  });
});

describe('on the hosted backend, where applications go to Firestore', () => {
  test('the privacy policy says Google Firebase keeps applications and bookings, and promises no reminder', async () => {
    network.site(HOSTED).render('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'Applying to join' });
    expect(heading.nextElementSibling).toHaveTextContent('Google Firebase keeps for us what you wrote');
    const booking = screen.getByRole('heading', { name: 'Booking a place at an event' }).parentElement?.textContent ?? '';
    expect(booking).toContain('Google Firebase keeps your booking for us.');
    expect(booking).not.toContain('remind you');
  });

  test("the join page has the form, whose only branch is 'Not sure'", async () => {
    network.site(HOSTED).render('/join');

    expect(await screen.findByRole('heading', { level: 1, name: 'Join online' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send my application' })).toBeInTheDocument();
    const branch = screen.getByRole('combobox', { name: /branch/i });
    expect(within(branch).getAllByRole('option').map((option) => option.textContent)).toEqual(expect.arrayContaining(['Not sure']));
    expect(within(branch).getAllByRole('option').filter((option) => option.textContent !== 'Not sure' && (option as HTMLOptionElement).value !== '')).toEqual([]);
  });
});
