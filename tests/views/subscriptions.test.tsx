import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { SUBSCRIPTION_CONSENT_WORDING, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import { errorBody } from '../../contract/wire';
import { HOSTED, SELF_HOSTED, startFakeNetwork } from './backends';
import { FIRESTORE_COLLECTIONS } from '../../adapters/firebase/firestore-records';
import { createFirestoreFake } from '../../mocks/firebase-firestore';
import { TEST_FIREBASE } from '../hosted/hosted-samples';

const network = startFakeNetwork();

const THANK_YOU = 'Thank you: please check your e-mail for a link to confirm.';

/** The server's subscription requests as it would answer them, and what they carried. */
function subscriptionServer(answer: () => Response | undefined = () => undefined) {
  const bodies: unknown[] = [];
  network.use(
    http.post(`*${SUBSCRIPTION_PATHS.subscribe}`, async ({ request }) => {
      bodies.push(await request.json());
      return answer() ?? new HttpResponse(null, { status: 202 });
    }),
  );
  return bodies;
}

function subscriptionForm() {
  return screen.getByRole('region', { name: 'Get our news by e-mail' });
}

describe('on the self-hosted backend', () => {
  test('the home page form shows the consent wording, and a request is answered with the same thanks for every address', async () => {
    const bodies = subscriptionServer();
    const { user } = network.site(SELF_HOSTED).render('/');
    const form = await screen.findByRole('region', { name: 'Get our news by e-mail' });
    expect(form).toHaveTextContent(SUBSCRIPTION_CONSENT_WORDING);

    await user.type(within(form).getByLabelText('E-mail'), 'mary@example.org');
    await user.type(within(form).getByLabelText(/Name/), 'Mary');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    expect(await within(subscriptionForm()).findByRole('status')).toHaveTextContent(THANK_YOU);
    expect(bodies).toEqual([{ email: 'mary@example.org', name: 'Mary', form: 'home' }]);
    expect(within(subscriptionForm()).queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  test('an address the server refuses shows its message beside the field, and the form stays', async () => {
    subscriptionServer(() =>
      HttpResponse.json(errorBody('invalid-input', SUBSCRIPTION_MESSAGES.invalidEmail, { fieldErrors: { email: SUBSCRIPTION_MESSAGES.invalidEmail } }), {
        status: 400,
      }),
    );
    const { user } = network.site(SELF_HOSTED).render('/news');
    const form = await screen.findByRole('region', { name: 'Get our news by e-mail' });

    await user.type(within(form).getByLabelText('E-mail'), 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(within(subscriptionForm()).getByLabelText('E-mail')).toHaveAccessibleDescription(SUBSCRIPTION_MESSAGES.invalidEmail));
    expect(within(subscriptionForm()).getByLabelText('E-mail')).toHaveFocus();
  });

  test('too many requests from one connection are answered with the server’s words', async () => {
    subscriptionServer(() =>
      HttpResponse.json(errorBody('too-many-requests', SUBSCRIPTION_MESSAGES.tooManyFromConnection, { retryAfterSeconds: 600 }), { status: 429 }),
    );
    const { user } = network.site(SELF_HOSTED).render('/news');
    const form = await screen.findByRole('region', { name: 'Get our news by e-mail' });

    await user.type(within(form).getByLabelText('E-mail'), 'mary@example.org');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    expect(await within(subscriptionForm()).findByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.tooManyFromConnection);
  });

  test('the footer form, on a page without one of its own, records that it came from the footer', async () => {
    const bodies = subscriptionServer();
    const { user } = network.site(SELF_HOSTED).render('/about');
    const form = await screen.findByRole('region', { name: 'Get our news by e-mail' });
    expect(screen.getByRole('contentinfo')).toContainElement(form);

    await user.type(within(form).getByLabelText('E-mail'), 'mary@example.org');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    expect(await within(subscriptionForm()).findByRole('status')).toHaveTextContent(THANK_YOU);
    expect(bodies).toEqual([{ email: 'mary@example.org', form: 'footer' }]);
  });

  test('the home page has one subscription form: the footer leaves it out there', async () => {
    network.site(SELF_HOSTED).render('/');
    await screen.findByRole('region', { name: 'Get our news by e-mail' });

    expect(screen.getAllByRole('region', { name: 'Get our news by e-mail' })).toHaveLength(1);
  });

  test('the join form has no subscription form beside it: its own newsletter box asks instead', async () => {
    network.site(SELF_HOSTED).render('/join');
    await screen.findByRole('button', { name: 'Send my application' });

    expect(screen.queryByRole('region', { name: 'Get our news by e-mail' })).toBeNull();
    expect(screen.getAllByRole('textbox', { name: /^E-mail/ })).toHaveLength(1);
  });

  test('the sign-in page has no subscription form: a volunteer signing in sees only the sign-in form', async () => {
    network.site(SELF_HOSTED).render('/login');
    await screen.findByRole('heading', { level: 1, name: 'Administrator Login' });

    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get our news by e-mail' })).toBeNull();
    expect(screen.getAllByLabelText('E-mail')).toHaveLength(1);
  });

  test('opening the confirmation page changes nothing; its button confirms', async () => {
    const tokens: unknown[] = [];
    network.use(
      http.post(`*${SUBSCRIPTION_PATHS.confirm}`, async ({ request }) => {
        tokens.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = network.site(SELF_HOSTED).render('/subscribe/confirm?token=abc123');
    const button = await screen.findByRole('button', { name: 'Confirm my subscription' });
    expect(tokens).toEqual([]);

    await user.click(button);

    expect(await screen.findByRole('status')).toHaveTextContent('You are subscribed');
    expect(tokens).toEqual([{ token: 'abc123' }]);
  });

  test('an expired or used confirmation link says so', async () => {
    network.use(
      http.post(`*${SUBSCRIPTION_PATHS.confirm}`, () =>
        HttpResponse.json(errorBody('not-found', SUBSCRIPTION_MESSAGES.confirmationNotValid), { status: 404 }),
      ),
    );
    const { user } = network.site(SELF_HOSTED).render('/subscribe/confirm?token=old');

    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.confirmationNotValid);
  });

  test('the unsubscribe page takes the address off the list with one button, no sign-in', async () => {
    const tokens: unknown[] = [];
    network.use(
      http.post(`*${SUBSCRIPTION_PATHS.unsubscribe}`, async ({ request }) => {
        tokens.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = network.site(SELF_HOSTED).render('/unsubscribe?token=leave1');

    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed');
    expect(tokens).toEqual([{ token: 'leave1' }]);
  });

  test('the page a form posted without script lands on shows the thanks', async () => {
    network.site(SELF_HOSTED).render('/subscribe?result=sent&form=home');

    expect(await within(await screen.findByRole('region', { name: 'Get our news by e-mail' })).findByRole('status')).toHaveTextContent(THANK_YOU);
  });

  test('the privacy page says what is kept for subscribers and for how long', async () => {
    network.site(SELF_HOSTED).render('/privacy-policy');

    expect(await screen.findByRole('heading', { name: 'News by e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/A request you do not confirm is deleted after 7 days/)).toBeInTheDocument();
  });
});

describe('on the hosted backend, where Firestore keeps the list', () => {
  test('the home page form writes the request and its confirmation mail to Firestore, and thanks the visitor', async () => {
    const site = network.site(HOSTED);
    // In front of the site's own fakes, so the test can look at what was stored.
    const firestore = createFirestoreFake({ projectId: TEST_FIREBASE.projectId, adminEmails: [] });
    network.use(...firestore.handlers);
    const { user } = site.render('/');
    const form = await screen.findByRole('region', { name: 'Get our news by e-mail' });
    expect(form).toHaveTextContent(SUBSCRIPTION_CONSENT_WORDING);

    await user.type(within(form).getByLabelText('E-mail'), 'mary@example.org');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    // The SDK downloads first, so 'Sending...' shows a while before the thanks.
    expect(await within(subscriptionForm()).findByText(THANK_YOU, {}, { timeout: 5_000 })).toHaveAttribute('role', 'status');
    expect([...firestore.list(FIRESTORE_COLLECTIONS.subscribers).values()]).toEqual([
      expect.objectContaining({ email: 'mary@example.org', name: '', form: 'home', consentWording: SUBSCRIPTION_CONSENT_WORDING, confirmedAt: null }),
    ]);
    expect([...firestore.list(FIRESTORE_COLLECTIONS.mail).values()]).toEqual([
      expect.objectContaining({ to: 'mary@example.org', template: { name: 'subscription-confirmation', data: { token: expect.any(String) } } }),
    ]);
  });

  test('the privacy page says that Google Firebase keeps the list for the association', async () => {
    network.site(HOSTED).render('/privacy-policy');

    expect(await screen.findByRole('heading', { name: 'News by e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/When you ask for our news by e-mail, Google Firebase keeps for us your e-mail address/)).toBeInTheDocument();
    expect(screen.getByText(/A request you do not confirm is deleted after 7 days/)).toBeInTheDocument();
  });
});
