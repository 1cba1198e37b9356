import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TrustedBrowsersRepository } from '../repositories/trusted-browsers.repository';
import { cookieName, cookieOptions, isSecureRequest } from './session-cookie';

const TRUSTED_COOKIE = 'rnai_trusted';
/** How long a browser stays trusted after a two-step sign-in there (the administrator's choice). */
const TRUSTED_BROWSER_MS = 30 * 24 * 60 * 60 * 1000;

function signature(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`trusted-browser\n${token}`).digest('base64url');
}

/** `token.signature`: a cookie that was not made here (or was changed) is refused before the database is asked. */
function signed(key: Buffer, token: string): string {
  return `${token}.${signature(key, token)}`;
}

function unsigned(key: Buffer, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(key, token));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * The trusted-browser cookie: httpOnly, signed with a key kept in the database, and tied to a
 * stored record (by a hash of its token) that the administrator can revoke from the Account page.
 * A valid signature alone trusts nothing: the record must exist, belong to the account and be unexpired.
 */
export function trustedBrowserCookie(request: FastifyRequest, reply: FastifyReply, publicOrigin: string | undefined, browsers: TrustedBrowsersRepository) {
  const secure = isSecureRequest(request, publicOrigin);
  const name = cookieName(TRUSTED_COOKIE, secure);
  const token = () => unsigned(browsers.signingKey(), request.cookies[name]);
  return {
    /** The trusted record for this browser and account, if the browser holds a valid cookie for one. */
    find(email: string, now: number) {
      const held = token();
      return held === undefined ? undefined : browsers.find(held, email, now);
    },
    /** Trusts this browser for the account: a new token, record and cookie. Returns the record's id. */
    trust(email: string, now: number): string {
      const fresh = randomBytes(32).toString('base64url');
      const origin = { userAgent: (request.headers['user-agent'] ?? '').slice(0, 500), address: request.ip };
      const id = browsers.trust(email, fresh, now, now + TRUSTED_BROWSER_MS, origin);
      void reply.setCookie(name, signed(browsers.signingKey(), fresh), cookieOptions(secure, TRUSTED_BROWSER_MS / 1000));
      return id;
    },
  };
}
