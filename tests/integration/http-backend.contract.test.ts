import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { createHttpBackend } from '../../adapters/http/http-backend';
import type { Backend } from '../../src-core/ports/backend';
import { applicationsContract } from '../contracts/applications.contract';
import { authContract } from '../contracts/auth.contract';
import { bookingsContract } from '../contracts/bookings.contract';
import { contactInboxContract } from '../contracts/contact-inbox.contract';
import { contentEditorContract } from '../contracts/content-editor.contract';
import { contentContract } from '../contracts/content.contract';
import { eventsContract } from '../contracts/events.contract';
import { mailContract } from '../contracts/mail.contract';
import { storageContract } from '../contracts/storage.contract';
import { subscriptionsContract } from '../contracts/subscriptions.contract';
import { teamContract } from '../contracts/team.contract';
import { startListSmtpPeer } from '../server/helpers/list-smtp-peer';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, signedIn } from '../server/helpers/accounts';
import { createCookieJarFetch } from '../server/helpers/cookie-jar';
import { startTestServer } from '../server/helpers/test-server';

// The http adapters against the real server: real socket, real SQLite file, files on disk.

contentContract('http adapter on the self-hosted server', async () => {
  const server = await startTestServer();
  return {
    content: createHttpBackend({ baseUrl: server.baseUrl }).content,
    async seedPosts(seeds) {
      return seeds.map((seed) => server.app.posts.create(seed, seed.publishedAt));
    },
    cleanup: () => server.close(),
  };
});

storageContract('http adapter on the self-hosted server', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, MAX_UPLOAD_MB: '1' } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  return {
    storage: createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch }).storage,
    async seedFiles(seeds) {
      for (const seed of seeds) {
        fs.writeFileSync(path.join(server.dataDir, 'files', seed.fullPath), Buffer.from(await seed.data.arrayBuffer()));
      }
    },
    cleanup: () => server.close(),
  };
});

authContract('http adapter on the self-hosted server', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  return {
    auth: createHttpBackend({ baseUrl: server.baseUrl, fetch: createCookieJarFetch().fetch }).auth,
    admin: ADMIN,
    member: MEMBER,
    cleanup: () => server.close(),
  };
});

mailContract('http adapter on the self-hosted server', async () => {
  const server = await startTestServer();
  return {
    mail: createHttpBackend({ baseUrl: server.baseUrl }).mail,
    async received() {
      return server.app.contactMessages.list(100).map(({ name, email, message }) => ({ name, email, message }));
    },
    cleanup: () => server.close(),
  };
});

/** The http backend of a real server with the administrator signed in, who may edit and read the inbox. */
async function asAdministrator(): Promise<{ backend: Backend; cleanup: () => Promise<void> }> {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  return { backend: createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch }), cleanup: () => server.close() };
}

contentEditorContract('http adapter on the self-hosted server', async () => {
  const { backend, cleanup } = await asAdministrator();
  if (backend.contentEditor === undefined) throw new Error('The http backend lost its editor.');
  return { content: backend.content, editor: backend.contentEditor, cleanup };
});

contactInboxContract('http adapter on the self-hosted server', async () => {
  const { backend, cleanup } = await asAdministrator();
  if (backend.contactInbox === undefined) throw new Error('The http backend lost its inbox.');
  return { mail: backend.mail, inbox: backend.contactInbox, cleanup };
});

eventsContract('http adapter on the self-hosted server', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const backend = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch });
  return {
    events: backend.events,
    storage: backend.storage,
    visitorEvents: createHttpBackend({ baseUrl: server.baseUrl }).events,
    async seedFiles(seeds) {
      for (const seed of seeds) {
        fs.writeFileSync(path.join(server.dataDir, 'files', seed.fullPath), Buffer.from(await seed.data.arrayBuffer()));
      }
    },
    cleanup: () => server.close(),
  };
});

bookingsContract('http adapter on the self-hosted server', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const organiser = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch });
  const visitor = createHttpBackend({ baseUrl: server.baseUrl });
  if (visitor.bookings === undefined || organiser.bookingsAdmin === undefined) throw new Error('The http backend lost its bookings.');
  return {
    bookings: visitor.bookings,
    bookingsAdmin: organiser.bookingsAdmin,
    events: organiser.events,
    async seedFiles(seeds) {
      for (const seed of seeds) {
        fs.writeFileSync(path.join(server.dataDir, 'files', seed.fullPath), Buffer.from(await seed.data.arrayBuffer()));
      }
    },
    cleanup: () => server.close(),
  };
});

teamContract('http adapter on the self-hosted server', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({
    env: { ...ADMIN_ENV, SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'web@example.org', MAIL_RATE_PER_MINUTE: '0' },
  });
  await addTestAccounts(server.app);
  const branch = server.app.branches.add('North Branch');
  if (branch === 'taken') throw new Error('The branch was not added.');
  const jar = await signedIn(server.baseUrl, ADMIN);
  const backend = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch });
  if (backend.team === undefined) throw new Error('The http backend lost its team.');
  return {
    team: backend.team,
    administrator: ADMIN.email,
    branch: { id: branch.id, name: branch.name },
    async seedInvitation(email, role) {
      const token = `seeded-${email}`;
      server.app.invitations.setToken(server.app.invitations.create(email, role, null, ADMIN.email, Date.now()), token, Date.now() + 60_000);
      return token;
    },
    cleanup: () => server.close(),
  };
});

subscriptionsContract('http adapter on the self-hosted server', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({
    env: { ...ADMIN_ENV, SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'news@example.org', MAIL_RATE_PER_MINUTE: '0' },
  });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const { memberMail } = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch });
  const { subscriptions } = createHttpBackend({ baseUrl: server.baseUrl });
  if (memberMail === undefined || subscriptions === undefined) throw new Error('The http backend lost e-mail to members.');
  return {
    subscriptions,
    memberMail,
    async confirmationMails(email) {
      // Every confirmation queued for the address has gone out before the mail server's copies are read.
      const confirmations = () => server.app.mailQueue.forAddress(email.toLowerCase()).filter((mail) => mail.kind === 'confirmation');
      await expect.poll(() => confirmations().every((mail) => mail.state === 'sent')).toBe(true);
      const mails = peer.received.filter((mail) => mail.to === email);
      const texts = await Promise.all(mails.map(async (mail) => (await mail.parsed()).text ?? ''));
      return texts.filter((text) => text.includes('Please confirm: news by e-mail'));
    },
    async unsubscribeToken(email) {
      return server.app.subscribers.unsubscribeTokenFor(email.toLowerCase()) ?? '';
    },
    cleanup: () => server.close(),
  };
});

applicationsContract('http adapter on the self-hosted server', async () => {
  const peer = await startListSmtpPeer();
  const server = await startTestServer({
    env: { ...ADMIN_ENV, SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'web@example.org', MAIL_RATE_PER_MINUTE: '0' },
  });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const { membershipAdmin } = createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch });
  const { membership } = createHttpBackend({ baseUrl: server.baseUrl });
  if (membershipAdmin === undefined || membership === undefined) throw new Error('The http backend lost joining online.');
  return {
    membership,
    membershipAdmin,
    async lettersTo(email) {
      // Every letter queued for the address has gone out before the mail server's copies are read.
      const queued = () =>
        server.app.applications
          .list(undefined)
          .filter((row) => row.email === email)
          .flatMap((row) => server.app.mailQueue.forApplication(row.id))
          .filter((mail) => mail.kind !== 'application-notice');
      await expect.poll(() => queued().every((mail) => mail.state === 'sent')).toBe(true);
      await expect.poll(() => peer.received.filter((mail) => mail.to === email).length).toBe(queued().length);
      const letters = await Promise.all(
        peer.received.filter((mail) => mail.to === email).map(async (mail) => {
          const parsed = await mail.parsed();
          return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
        }),
      );
      // The acknowledgement of an application is the self-hosted server's alone.
      return letters.filter((letter) => letter.subject !== 'We have your application to join');
    },
    holdLetters() {
      // The first letter to reach the mail server waits for its reply, and the queue behind it.
      peer.holdNext();
      return () => peer.release();
    },
    cleanup: () => server.close(),
  };
});
