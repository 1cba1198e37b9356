import type { Mailing, Subscriber } from '../../src-core/domain/member-mail';
import type { MemberMailPort } from '../../src-core/ports/member-mail.port';
import type { HttpClient } from './http-client';
import {
  SUBSCRIPTION_PATHS,
  mailingListSchema,
  mailingPath,
  mailingPreviewSchema,
  mailingSchema,
  subscriberDataSchema,
  subscriberListSchema,
  subscriberPath,
  subscriberSchema,
  type WireMailing,
  type WireSubscriber,
} from '../../contract/subscriptions';

function toSubscriber(wire: WireSubscriber): Subscriber {
  return {
    id: wire.id,
    email: wire.email,
    name: wire.name,
    confirmed: wire.state === 'confirmed',
    requestedAt: wire.requestedAt,
    consent: wire.consent,
    notWorking: wire.notWorking,
  };
}

function toMailing(wire: WireMailing): Mailing {
  return { id: wire.id, source: wire.source, subject: wire.subject, state: wire.state, createdAt: wire.createdAt, progress: wire.progress };
}

export function createHttpMemberMail(client: HttpClient): MemberMailPort {
  return {
    async listSubscribers(search) {
      const list = await client.request('GET', SUBSCRIPTION_PATHS.subscribers, subscriberListSchema, search === '' ? {} : { query: { search } });
      return { ...list, subscribers: list.subscribers.map(toSubscriber), exportHref: client.link(SUBSCRIPTION_PATHS.subscriberExport) };
    },
    async addSubscriber({ email, name, consentNote }) {
      const json = { email, consentNote, ...(name === '' ? {} : { name }) };
      return toSubscriber(await client.request('POST', SUBSCRIPTION_PATHS.subscribers, subscriberSchema, { json }));
    },
    removeSubscriber(id) {
      return client.send('DELETE', subscriberPath(id));
    },
    async subscriberRecord(id) {
      const record = await client.request('GET', `${subscriberPath(id)}/data`, subscriberDataSchema);
      return { subscriber: record.subscriber === null ? null : toSubscriber(record.subscriber), mail: record.mail };
    },
    eraseSubscriber(id) {
      return client.send('DELETE', `${subscriberPath(id)}/data`);
    },
    async listMailings() {
      const list = await client.request('GET', SUBSCRIPTION_PATHS.mailings, mailingListSchema);
      return { mailings: list.mailings.map(toMailing), emailSetUp: list.emailSetUp };
    },
    async createMailing({ kind, ref }) {
      return toMailing(await client.request('POST', SUBSCRIPTION_PATHS.mailings, mailingSchema, { json: { source: kind, ref } }));
    },
    async getMailing(id) {
      return toMailing(await client.request('GET', mailingPath(id), mailingSchema));
    },
    previewMailing(id) {
      return client.request('GET', mailingPath(id, 'preview'), mailingPreviewSchema);
    },
    sendTest(id) {
      return client.send('POST', mailingPath(id, 'test'));
    },
    async sendMailing(id) {
      return toMailing(await client.request('POST', mailingPath(id, 'send'), mailingSchema));
    },
    async pauseMailing(id) {
      return toMailing(await client.request('POST', mailingPath(id, 'pause'), mailingSchema));
    },
    async resumeMailing(id) {
      return toMailing(await client.request('POST', mailingPath(id, 'resume'), mailingSchema));
    },
  };
}
