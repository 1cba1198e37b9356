import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, cookieOptions, isSecureRequest, sessionCookieName } from './session-cookie';

const PENDING_COOKIE = 'rnai_pending';
const BROWSER_COOKIE = 'rnai_browser';
/** How long the second step may take after a right password. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** How long a browser stays known after its last sign-in. */
const KNOWN_BROWSER_MS = 365 * 24 * 60 * 60 * 1000;

export interface SignInCookies {
  readonly secure: boolean;
  readonly pendingToken: string | undefined;
  readonly browserToken: string | undefined;
  setSession(token: string, maxAgeMs: number): void;
  clearSession(): void;
  setPending(token: string): void;
  clearPending(): void;
  /** The browser's known-browser token, made now when it has none. */
  browserTokenOrNew(): string;
}

/**
 * The cookies around signing in, by their names for this connection (__Host- over HTTPS):
 * the session, the sign-in waiting for its second step, and the known-browser cookie that
 * lets a browser the administrator has signed in with before past the account-wide limit.
 */
export function signInCookies(request: FastifyRequest, reply: FastifyReply, publicOrigin: string | undefined): SignInCookies {
  const secure = isSecureRequest(request, publicOrigin);
  const pendingName = cookieName(PENDING_COOKIE, secure);
  const browserName = cookieName(BROWSER_COOKIE, secure);
  const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const browserToken = nonEmpty(request.cookies[browserName]);
  return {
    secure,
    pendingToken: nonEmpty(request.cookies[pendingName]),
    browserToken,
    setSession: (token, maxAgeMs) => void reply.setCookie(sessionCookieName(secure), token, cookieOptions(secure, maxAgeMs / 1000)),
    clearSession: () => void reply.clearCookie(sessionCookieName(secure), cookieOptions(secure, 0)),
    setPending: (token) => void reply.setCookie(pendingName, token, cookieOptions(secure, PENDING_SIGN_IN_MS / 1000)),
    clearPending: () => void reply.clearCookie(pendingName, cookieOptions(secure, 0)),
    browserTokenOrNew() {
      const token = browserToken ?? randomBytes(32).toString('base64url');
      void reply.setCookie(browserName, token, cookieOptions(secure, KNOWN_BROWSER_MS / 1000));
      return token;
    },
  };
}
