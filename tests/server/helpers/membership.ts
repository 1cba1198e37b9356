import { expect } from 'vitest';
import { MEMBERSHIP_PATHS, branchSchema } from '../../../contract/membership';
import { SUBMISSION_KEY_HEADER } from '../../../contract/wire';
import { ADMIN_ENV, json } from './accounts';
import type { CookieJarFetch } from './cookie-jar';
import type { ListMail, ListSmtpPeer } from './list-smtp-peer';
import type { TestServer } from './test-server';

export function mailEnv(port: number): Record<string, string> {
  return {
    ...ADMIN_ENV,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    CONTACT_TO: 'committee@example.org',
    MAIL_FROM: 'office@example.org',
    MAIL_RETRY_SECONDS: '0.05',
    MAIL_RATE_PER_MINUTE: '0',
  };
}

/** A complete application a retired nurse might send; `extra` changes or adds fields. */
export function application(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Mary Byrne',
    address: '12 Main Street\nBallymore\nCo. Westmeath',
    eircode: 'N91 F4E2',
    phone: '044 123 4567',
    email: 'mary.byrne@example.org',
    background: 'Trained in the Mater, 1968; ward sister in Mullingar until 2010.',
    nmbiPin: '123456',
    branch: 'not-sure',
    newsletter: false,
    consent: true,
    ...extra,
  };
}

/** Posts an application as the join page does; `submissionKey` is the key its browser made for it. */
export function apply(server: TestServer, body: Record<string, unknown>, submissionKey?: string): Promise<Response> {
  const request = json(body);
  const headers = submissionKey === undefined ? request.headers : { ...request.headers, [SUBMISSION_KEY_HEADER]: submissionKey };
  return fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.applications}`, { method: 'POST', ...request, headers });
}

export async function addBranch(server: TestServer, admin: CookieJarFetch, name: string): Promise<string> {
  const response = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.branches}`, { method: 'POST', ...json({ name }) });
  expect(response.status).toBe(201);
  return branchSchema.parse(await response.json()).id;
}

export function subjectOf(mail: ListMail): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((each) => each.toLowerCase().startsWith('subject:'));
  return line?.slice('subject:'.length).trim() ?? '';
}

export function mailsTo(peer: ListSmtpPeer, email: string): ListMail[] {
  return peer.received.filter((mail) => mail.to === email);
}

/** The kinds of audit entry recorded so far, oldest first. */
export function auditKinds(server: TestServer): string[] {
  return server.app.db
    .prepare<[], { kind: string }>('SELECT kind FROM audit_entries ORDER BY id')
    .all()
    .map((row) => row.kind);
}
