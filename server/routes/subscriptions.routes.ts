import { z } from 'zod';
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PATHS,
  addSubscriberSchema,
  addressQuerySchema,
  createMailingSchema,
  idParamsSchema,
  mailingListSchema,
  mailingPreviewSchema,
  mailingSchema,
  subscribeRequestSchema,
  subscriberDataSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
  subscriberSchema,
  tokenBodySchema,
  tokenQuerySchema,
  type WireMailing,
  type WireSubscriber,
} from '../../contract/subscriptions';
import { fileDownloadPath } from '../../contract/wire';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { articlePath } from '../../src-core/domain/navigation';
import { isoAt } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { siteOrigin } from '../http/site-origin';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { mailingText } from '../mail/member-mail';
import { newsletterMailing } from '../../src-core/domain/mail-text';
import { checkedAddress, newToken } from '../mail/subscriptions';
import { adminAreaHooks } from '../plugins/auth.plugin';
import type { StoredMailing } from '../repositories/mail-queue.repository';
import { csvOf } from '../http/csv';

const LIST_LIMIT = 500;

/** What a mail program's one-click POST (RFC 8058) or the site's own request carries. */
const unsubscribeBodySchema = z
  .object({ token: z.string().max(200).optional(), 'List-Unsubscribe': z.string().max(100).optional() })
  .nullish();

function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * The public side of e-mail to members: asking for the news, confirming with the token from the
 * confirmation mail (a POST, so a mail scanner opening the link confirms nothing) and leaving
 * with one click. No response says whether an address was already known.
 */
export async function subscriptionRoutes(app: ApiInstance): Promise<void> {
  // A mail program's one-click unsubscribe is a form post.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });

  app.post(
    SUBSCRIPTION_PATHS.subscribe,
    { schema: { body: subscribeRequestSchema, response: { 202: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      await app.subscriptions.request(request.body, request.ip);
      // The same response for a new address, one waiting for its confirmation and one on the list.
      return reply.code(202).send(undefined);
    },
  );

  app.post(
    SUBSCRIPTION_PATHS.confirm,
    { schema: { body: tokenBodySchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const subscriber = await app.subscriptions.confirm(request.body.token);
      if (subscriber === undefined) throw apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.confirmationNotValid);
      await app.audit.record(request, 'subscription-confirmed', `subscriber ${subscriber.id}`, null);
      return reply.code(204).send(undefined);
    },
  );

  app.post(
    SUBSCRIPTION_PATHS.unsubscribe,
    { schema: { querystring: tokenQuerySchema, body: unsubscribeBodySchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const token = request.query.token ?? request.body?.token;
      if (token === undefined || token === '') throw apiError(400, 'invalid-input', SUBSCRIPTION_MESSAGES.confirmationNotValid);
      const subscriber = await app.subscriptions.unsubscribe(token);
      if (subscriber !== undefined) await app.audit.record(request, 'unsubscribed', `subscriber ${subscriber.id}`, null);
      // The same response whether the token was known: a second click, or a guess, learns nothing.
      void reply.header('cache-control', 'no-store');
      return reply.code(204).send(undefined);
    },
  );
}

function subscribersCsv(subscribers: readonly WireSubscriber[]): string {
  const header = ['email', 'name', 'state', 'requested_at', 'confirmed_at', 'consent_at', 'consent_form', 'consent_wording', 'not_working_since', 'not_working_reason'];
  const rows = subscribers.map((s) => [
    s.email,
    s.name,
    s.state,
    s.requestedAt,
    s.confirmedAt ?? '',
    s.consent.at,
    s.consent.form,
    s.consent.wording,
    s.notWorking?.at ?? '',
    s.notWorking?.reason ?? '',
  ]);
  return csvOf([header, ...rows]);
}

/** The subscriber list for administrators: count, search, add by hand, remove, export, access and erasure. */
export async function subscriberAdminRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');

  const notFound = () => apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.subscriberNotFound);

  app.get(
    SUBSCRIPTION_PATHS.subscribers,
    { schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListSchema, ...errorResponses } } },
    async (request) => {
      const subscribers = app.subscribers.list(request.query.search, request.query.limit ?? LIST_LIMIT);
      await app.audit.record(request, 'subscribers-read', `${subscribers.length} subscribers`);
      return { subscribers, counts: app.subscribers.counts(), emailSetUp: app.memberMailSender !== undefined };
    },
  );

  app.post(
    SUBSCRIPTION_PATHS.subscribers,
    { schema: { body: addSubscriberSchema, response: { 201: subscriberSchema, ...errorResponses } } },
    async (request, reply) => {
      const email = checkedAddress(request.body.email);
      const name = (request.body.name ?? '').replace(/\s+/g, ' ').trim();
      const added = await retryWhenBusy(() =>
        app.subscribers.addByHand(
          { email, emailKey: normaliseEmail(email), name, form: 'admin', wording: request.body.consentNote.trim() },
          newToken(),
          app.clock(),
        ),
      );
      if (added === 'exists') throw apiError(409, 'conflict', SUBSCRIPTION_MESSAGES.alreadySubscribed);
      await app.audit.record(request, 'subscriber-added', `subscriber ${added.id}`);
      return reply.code(201).send(added);
    },
  );

  app.get(SUBSCRIPTION_PATHS.subscriberExport, { schema: { response: { 200: z.instanceof(Buffer), ...errorResponses } } }, async (request, reply) => {
    const everyone = app.subscribers.all();
    await app.audit.record(request, 'subscribers-exported', `${everyone.length} subscribers`);
    const day = isoAt(app.clock()).slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="subscribers-${day}.csv"`)
      .send(Buffer.from(subscribersCsv(everyone)));
  });

  app.delete(
    SUBSCRIPTION_PATHS.subscriber,
    { schema: { params: idParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const removed = await retryWhenBusy(() => app.subscribers.remove(request.params.id));
      if (removed === undefined) throw notFound();
      await app.audit.record(request, 'subscriber-removed', `subscriber ${removed.id}`);
      return reply.code(204).send(undefined);
    },
  );

  app.get(
    SUBSCRIPTION_PATHS.subscriberData,
    { schema: { params: idParamsSchema, response: { 200: subscriberDataSchema, ...errorResponses } } },
    async (request) => {
      const subscriber = app.subscribers.get(request.params.id);
      if (subscriber === undefined) throw notFound();
      await app.audit.record(request, 'subscriber-data-read', `subscriber ${subscriber.id}`);
      return { subscriber, mail: app.mailQueue.forAddress(normaliseEmail(subscriber.email)) };
    },
  );

  app.delete(
    SUBSCRIPTION_PATHS.subscriberData,
    { schema: { params: idParamsSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const erased = await retryWhenBusy(() => app.subscribers.erase(request.params.id));
      if (erased === undefined) throw notFound();
      await app.audit.record(request, 'subscriber-erased', `subscriber ${erased.id}`);
      return reply.code(204).send(undefined);
    },
  );
}

/**
 * Access and erasure by address, for a person who is no longer on the list but whose address
 * is still in past mailings' rows.
 */
export async function addressDataRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');

  app.get(
    SUBSCRIPTION_PATHS.addressData,
    { schema: { querystring: addressQuerySchema, response: { 200: subscriberDataSchema, ...errorResponses } } },
    async (request) => {
      const emailKey = normaliseEmail(request.query.email);
      const subscriber = app.subscribers.getByEmail(emailKey) ?? null;
      const mail = app.mailQueue.forAddress(emailKey);
      if (subscriber === null && mail.length === 0) throw apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.subscriberNotFound);
      await app.audit.record(request, 'subscriber-data-read', subscriber === null ? 'a former subscriber' : `subscriber ${subscriber.id}`);
      return { subscriber, mail };
    },
  );

  app.delete(
    SUBSCRIPTION_PATHS.addressData,
    { schema: { querystring: addressQuerySchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const emailKey = normaliseEmail(request.query.email);
      const subscriber = app.subscribers.getByEmail(emailKey);
      if (!(await retryWhenBusy(() => app.subscribers.eraseAddress(emailKey)))) throw apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.subscriberNotFound);
      // The trail names no address: the point of erasure is that it is gone.
      await app.audit.record(request, 'subscriber-erased', subscriber === undefined ? 'a former subscriber' : `subscriber ${subscriber.id}`);
      return reply.code(204).send(undefined);
    },
  );
}

/** Mailings for administrators: write one from a news post or a newsletter, preview, test, send, pause, resume. */
export async function mailingRoutes(app: ApiInstance): Promise<void> {
  adminAreaHooks(app, 'membership');

  const notFound = () => apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.mailingNotFound);

  function toWire(mailing: StoredMailing): WireMailing {
    const progress = app.mailQueue.progress(mailing.id);
    // Sent to everyone it was queued for: nothing left waiting.
    const state = mailing.state === 'sending' && progress.waiting === 0 ? 'finished' : mailing.state;
    return {
      id: String(mailing.id),
      source: { kind: mailing.sourceKind, ref: mailing.sourceRef },
      subject: mailing.subject,
      link: mailing.link,
      state,
      createdAt: isoAt(mailing.createdAt),
      createdBy: mailing.createdBy,
      progress,
    };
  }

  function mailingOf(id: string): StoredMailing {
    const mailing = app.mailQueue.getMailing(id);
    if (mailing === undefined) throw notFound();
    return mailing;
  }

  function senderOrRefuse() {
    const sender = app.memberMailSender;
    if (sender === undefined) throw apiError(409, 'conflict', SUBSCRIPTION_MESSAGES.emailNotSetUp);
    return sender;
  }

  app.get(SUBSCRIPTION_PATHS.mailings, { schema: { response: { 200: mailingListSchema, ...errorResponses } } }, async () => ({
    mailings: app.mailQueue.listMailings().map(toWire),
    emailSetUp: app.memberMailSender !== undefined,
  }));

  app.post(
    SUBSCRIPTION_PATHS.mailings,
    { schema: { body: createMailingSchema, response: { 201: mailingSchema, ...errorResponses } } },
    async (request, reply) => {
      const origin = siteOrigin(app);
      const { source, ref } = request.body;
      let content: { subject: string; body: string; link: string };
      if (source === 'news') {
        const post = app.posts.get(ref);
        if (post === undefined) throw apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.sourceNotFound);
        content = { subject: post.title, body: post.body, link: `${origin}${articlePath(post.id)}` };
      } else {
        if (ref.includes('/') || !(await app.files.exists('newsletters', ref))) throw apiError(404, 'not-found', SUBSCRIPTION_MESSAGES.sourceNotFound);
        const { subject, body, link } = newsletterMailing(ref, `${origin}${fileDownloadPath(`newsletters/${ref}`)}`);
        content = { subject, body, link };
      }
      const mailing = await retryWhenBusy(() =>
        app.mailQueue.createMailing({ sourceKind: source, sourceRef: ref, ...content }, app.clock(), request.user?.email ?? null),
      );
      await app.audit.record(request, 'mailing-created', `mailing ${mailing.id}: ${mailing.subject}`);
      return reply.code(201).send(toWire(mailing));
    },
  );

  app.get(SUBSCRIPTION_PATHS.mailing, { schema: { params: idParamsSchema, response: { 200: mailingSchema, ...errorResponses } } }, async (request) =>
    toWire(mailingOf(request.params.id)),
  );

  app.get(
    SUBSCRIPTION_PATHS.mailingPreview,
    { schema: { params: idParamsSchema, response: { 200: mailingPreviewSchema, ...errorResponses } } },
    async (request) => mailingText(mailingOf(request.params.id), siteOrigin(app), 'preview'),
  );

  app.post(
    SUBSCRIPTION_PATHS.mailingTest,
    { schema: { params: idParamsSchema, response: { 202: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const mailing = mailingOf(request.params.id);
      const sender = senderOrRefuse();
      const email = request.user?.email ?? '';
      await retryWhenBusy(() => app.mailQueue.enqueue({ kind: 'test', mailingId: mailing.id, address: email, addressKey: normaliseEmail(email) }, app.clock()));
      await app.audit.record(request, 'mailing-test-sent', `mailing ${mailing.id}`);
      sender.kick();
      return reply.code(202).send(undefined);
    },
  );

  app.post(
    SUBSCRIPTION_PATHS.mailingSend,
    { schema: { params: idParamsSchema, response: { 202: mailingSchema, ...errorResponses } } },
    async (request, reply) => {
      const mailing = mailingOf(request.params.id);
      const sender = senderOrRefuse();
      // Asking again adds only subscribers confirmed since: the UNIQUE index keeps one row an address.
      const queued = await retryWhenBusy(() =>
        app.subscribers.transaction(() => {
          if (!app.mailQueue.moveMailing(mailing.id, ['draft', 'sending'], 'sending', app.clock())) return undefined;
          return app.mailQueue.enqueueMailing(mailing.id, app.clock());
        }),
      );
      if (queued === undefined) throw apiError(409, 'conflict', SUBSCRIPTION_MESSAGES.isPaused);
      await app.audit.record(request, 'mailing-sent', `mailing ${mailing.id} to ${queued} addresses`);
      sender.kick();
      return reply.code(202).send(toWire(mailingOf(request.params.id)));
    },
  );

  app.post(
    SUBSCRIPTION_PATHS.mailingPause,
    { schema: { params: idParamsSchema, response: { 200: mailingSchema, ...errorResponses } } },
    async (request) => {
      const mailing = mailingOf(request.params.id);
      if (!(await retryWhenBusy(() => app.mailQueue.moveMailing(mailing.id, ['sending'], 'paused', app.clock())))) {
        throw apiError(409, 'conflict', SUBSCRIPTION_MESSAGES.notSending);
      }
      await app.audit.record(request, 'mailing-paused', `mailing ${mailing.id}`);
      return toWire(mailingOf(request.params.id));
    },
  );

  app.post(
    SUBSCRIPTION_PATHS.mailingResume,
    { schema: { params: idParamsSchema, response: { 200: mailingSchema, ...errorResponses } } },
    async (request) => {
      const mailing = mailingOf(request.params.id);
      const sender = senderOrRefuse();
      if (!(await retryWhenBusy(() => app.mailQueue.moveMailing(mailing.id, ['paused'], 'sending', app.clock())))) {
        throw apiError(409, 'conflict', SUBSCRIPTION_MESSAGES.notPaused);
      }
      await app.audit.record(request, 'mailing-resumed', `mailing ${mailing.id}`);
      sender.kick();
      return toWire(mailingOf(request.params.id));
    },
  );
}
