import type { FastifyRequest } from 'fastify';

const SESSION_COOKIE = 'rnai_session';

/**
 * Whether the visitor's connection is HTTPS: the request came over it (directly, or through a
 * trusted proxy that says so), or the site's public address is https.
 */
export function isSecureRequest(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  return request.protocol === 'https' || (publicOrigin?.startsWith('https:') ?? false);
}

/**
 * A cookie's name for this request. Over HTTPS it carries the __Host- prefix, which a browser
 * accepts only from this exact host, Secure and for Path=/: a page on another subdomain (or a
 * plain-http response on the way) cannot plant or overwrite it. Over plain http (a test, a
 * laptop) the prefix is not allowed, so the plain name is used. Only the name for the
 * connection at hand is ever read.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

export function sessionCookieName(secure: boolean): string {
  return cookieName(SESSION_COOKIE, secure);
}

export function cookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: maxAgeSeconds };
}
