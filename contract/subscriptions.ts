import { z } from './zod';
import { isoDateTime } from './wire';

/**
 * E-mail to members: the subscription form's requests, the one-click way out, and the admin
 * area's subscriber list and mailings. Paths, wire shapes and the texts answered, shared by the
 * server and its clients.
 */
export const SUBSCRIPTION_PATHS = {
  subscribe: '/api/subscriptions',
  confirm: '/api/subscriptions/confirm',
  /** JSON `{ token }` from the site, or an RFC 8058 one-click POST with `?token=` from a mail program. */
  unsubscribe: '/api/subscriptions/unsubscribe',
  subscribers: '/api/subscribers',
  subscriberExport: '/api/subscribers/export.csv',
  subscriber: '/api/subscribers/:id',
  subscriberData: '/api/subscribers/:id/data',
  /** By address, for someone no longer on the list: `?email=`. */
  addressData: '/api/subscriber-data',
  mailings: '/api/mailings',
  mailing: '/api/mailings/:id',
  mailingPreview: '/api/mailings/:id/preview',
  mailingTest: '/api/mailings/:id/test',
  mailingSend: '/api/mailings/:id/send',
  mailingPause: '/api/mailings/:id/pause',
  mailingResume: '/api/mailings/:id/resume',
} as const;

/** The forms a subscription can come from ('join': the membership application's box); 'admin' is an address added by hand. */
export const SUBSCRIPTION_FORMS = ['home', 'news', 'footer', 'join'] as const;
export type SubscriptionForm = (typeof SUBSCRIPTION_FORMS)[number];

/** The words shown beside the subscription form, recorded with each request as the consent given. */
export const SUBSCRIPTION_CONSENT_WORDING =
  'Get our news by e-mail. We will send you our news and newsletters. Every e-mail has a link to stop them, and we use your address for nothing else.';

/** How long a subscription request waits for its confirmation before it is deleted. */
export const CONFIRMATION_DAYS = 7;

export const SUBSCRIPTION_MESSAGES = {
  tooManyForAddress: 'Several requests for this e-mail address came in the last hour. Please wait a while before trying again.',
  tooManyFromConnection:
    'A great many requests have come from your internet connection in the last hour. Please wait a while before trying again.',
  invalidEmail: 'Please enter a valid e-mail address, like name@example.org.',
  confirmationNotValid: 'This confirmation link has expired or was already used. Please sign up again.',
  subscriberNotFound: 'This subscriber could not be found. They may have left the list already.',
  alreadySubscribed: 'This address is already on the list.',
  mailingNotFound: 'This mailing could not be found.',
  sourceNotFound: 'The news post or newsletter for this mailing could not be found. It may have been removed.',
  emailNotSetUp: 'E-mail is not set up on this website (SMTP_URL), so nothing can be sent yet.',
  isPaused: 'This mailing is paused. Resume it to go on sending.',
  notSending: 'This mailing is not being sent, so it cannot be paused.',
  notPaused: 'This mailing is not paused.',
} as const;

export const subscribeRequestSchema = z.object({
  email: z.string().max(1_000),
  name: z.string().max(200).optional(),
  form: z.enum(SUBSCRIPTION_FORMS),
  /** A hidden field people leave empty. */
  website: z.string().max(10_000).optional(),
});

export const tokenBodySchema = z.object({ token: z.string().min(1).max(200) });
export const tokenQuerySchema = z.object({ token: z.string().min(1).max(200).optional() });

export const addressQuerySchema = z.object({ email: z.string().min(1).max(1_000) });

export const idParamsSchema = z.object({ id: z.string().min(1).max(30) });

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  state: z.enum(['pending', 'confirmed']),
  requestedAt: isoDateTime,
  confirmedAt: isoDateTime.nullable(),
  consent: z.object({ at: isoDateTime, form: z.string(), wording: z.string() }),
  /** Set when the mail server refused the address for good, with its words. */
  notWorking: z.object({ at: isoDateTime, reason: z.string() }).nullable(),
});
export type WireSubscriber = z.infer<typeof subscriberSchema>;

const subscriberCountsSchema = z.object({
  confirmed: z.number().int(),
  pending: z.number().int(),
  notWorking: z.number().int(),
});

export const subscriberListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const subscriberListSchema = z.object({
  subscribers: z.array(subscriberSchema),
  counts: subscriberCountsSchema,
  emailSetUp: z.boolean(),
});

export const addSubscriberSchema = z.object({
  email: z.string().max(1_000),
  name: z.string().max(200).optional(),
  /** How consent was given: 'paper form at the AGM, 12 March'. */
  consentNote: z.string().trim().min(1).max(1_000),
});

const queuedMailSchema = z.object({
  kind: z.enum(['confirmation', 'mailing', 'test']),
  mailingId: z.string().nullable(),
  state: z.enum(['waiting', 'sending', 'sent', 'failed-temporary', 'refused']),
  attempts: z.number().int(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  lastError: z.string().nullable(),
});

/** Everything stored about one address (an access request). */
export const subscriberDataSchema = z.object({
  /** Null for an address no longer on the list whose past mail is still stored. */
  subscriber: subscriberSchema.nullable(),
  mail: z.array(queuedMailSchema),
});

const mailingProgressSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
});

export const mailingSchema = z.object({
  id: z.string(),
  source: z.object({ kind: z.enum(['news', 'newsletter']), ref: z.string() }),
  subject: z.string(),
  link: z.string(),
  state: z.enum(['draft', 'sending', 'paused', 'finished']),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  progress: mailingProgressSchema,
});
export type WireMailing = z.infer<typeof mailingSchema>;

export const mailingListSchema = z.object({ mailings: z.array(mailingSchema), emailSetUp: z.boolean() });

/** A mailing from a news post (its id) or a newsletter file (its name in the newsletters folder). */
export const createMailingSchema = z.object({
  source: z.enum(['news', 'newsletter']),
  ref: z.string().min(1).max(1_000),
});

export const mailingPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** The address of one subscriber in the admin API. */
export function subscriberPath(id: string): string {
  return SUBSCRIPTION_PATHS.subscriber.replace(':id', encodeURIComponent(id));
}

/** The address of one mailing in the admin API, or of one of its actions. */
export function mailingPath(id: string, action?: 'preview' | 'test' | 'send' | 'pause' | 'resume'): string {
  const base = SUBSCRIPTION_PATHS.mailing.replace(':id', encodeURIComponent(id));
  return action === undefined ? base : `${base}/${action}`;
}
