/**
 * MSW stand-in for the Firebase Authentication REST API, as much of it as e-mail and password
 * sign-in uses: accounts:signInWithPassword, accounts:lookup and the secure token refresh, and
 * the second step of an account with multi-factor sign-in by an authenticator app (TOTP):
 * v2 accounts/mfaSignIn:finalize. Its
 * ID tokens are unsigned JWTs like the Auth emulator's, carrying the e-mail and whether it is
 * verified, so the Storage fake can apply the same administrator rule storage.rules apply.
 * The real Auth adapter is tested against the real Auth emulator; this fake serves
 * `npm run dev:hosted` and the Storage tests, which need a signed-in administrator.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

const IDENTITY_TOOLKIT = 'https://identitytoolkit.googleapis.com/v1';
const IDENTITY_TOOLKIT_V2 = 'https://identitytoolkit.googleapis.com/v2';
const SECURE_TOKEN = 'https://securetoken.googleapis.com/v1';

export interface FakeAccount {
  readonly email: string;
  readonly password: string;
  readonly emailVerified?: boolean;
  readonly disabled?: boolean;
  /**
   * The account has an authenticator app as its second factor (multi-factor sign-in): the
   * password sign-in returns a pending credential, and only this code finishes the sign-in.
   */
  readonly totpCode?: string;
  /** The account's second factor is a phone (text message), which this website does not offer. */
  readonly phoneSecondFactor?: boolean;
}

export interface FirebaseAuthFakeOptions {
  readonly projectId: string;
  readonly accounts: readonly FakeAccount[];
}

/** The claims the Storage fake reads from a token, as storage.rules read request.auth.token. */
export interface TokenClaims {
  readonly email: string;
  readonly email_verified: boolean;
  readonly user_id: string;
}

const TOKEN_LIFETIME_SECONDS = 3600;

function base64Url(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (character) => character.charCodeAt(0)));
}

function localIdOf(email: string): string {
  return `fake-${base64Url(email.toLowerCase()).slice(0, 20)}`;
}

function idTokenFor(account: FakeAccount, projectId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const userId = localIdOf(account.email);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: userId,
    sub: userId,
    iat: now,
    exp: now + TOKEN_LIFETIME_SECONDS,
    email: account.email,
    email_verified: account.emailVerified ?? true,
    firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
  };
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.`;
}

/** Reads the claims of a token this fake issued; null for anything else. */
export function claimsOf(idToken: string): TokenClaims | null {
  const [, payload] = idToken.split('.');
  if (payload === undefined) return null;
  try {
    const claims = JSON.parse(fromBase64Url(payload)) as Partial<TokenClaims> & { exp?: number };
    if (typeof claims.email !== 'string' || typeof claims.user_id !== 'string') return null;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
    return { email: claims.email, email_verified: claims.email_verified === true, user_id: claims.user_id };
  } catch {
    return null;
  }
}

function authError(message: string, status = 400): HttpResponse<Record<string, unknown>> {
  return HttpResponse.json({ error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }, { status });
}

/** A matcher for one REST method; a plain path would read the ':' in 'accounts:lookup' as a parameter. */
function endpoint(base: string, method: string): RegExp {
  const escaped = `${base}/${method}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${escaped}(\\?|$)`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function firebaseAuthHandlers(options: FirebaseAuthFakeOptions): HttpHandler[] {
  const find = (email: unknown) =>
    typeof email === 'string' ? options.accounts.find((account) => account.email.toLowerCase() === email.trim().toLowerCase()) : undefined;
  const byToken = (token: unknown) => {
    const claims = typeof token === 'string' ? claimsOf(token) : null;
    return claims === null ? undefined : find(claims.email);
  };
  // Refresh tokens are opaque; this one simply names the account.
  const refreshTokenFor = (account: FakeAccount) => `fake-refresh-${base64Url(account.email)}`;
  // A pending credential names the account and is used up by a right code, as the service's is.
  const pending = new Map<string, FakeAccount>();
  let nextPending = 1;

  return [
    http.post(endpoint(IDENTITY_TOOLKIT, 'accounts:signInWithPassword'), async ({ request }) => {
      const body: unknown = await request.json().catch(() => null);
      if (!isRecord(body) || typeof body.email !== 'string' || typeof body.password !== 'string') return authError('INVALID_EMAIL');
      const account = find(body.email);
      // Like a project with e-mail enumeration protection: one response for both mistakes.
      if (account === undefined || account.password !== body.password) return authError('INVALID_LOGIN_CREDENTIALS');
      if (account.disabled === true) return authError('USER_DISABLED');
      if (account.totpCode !== undefined || account.phoneSecondFactor === true) {
        const mfaPendingCredential = `fake-mfa-pending-${nextPending++}`;
        pending.set(mfaPendingCredential, account);
        const enrolment = { mfaEnrollmentId: 'fake-factor-1', displayName: 'Phone', enrolledAt: '2026-01-01T00:00:00Z' };
        return HttpResponse.json({
          kind: 'identitytoolkit#VerifyPasswordResponse',
          localId: localIdOf(account.email),
          email: account.email,
          mfaPendingCredential,
          mfaInfo: [account.totpCode !== undefined ? { ...enrolment, totpInfo: {} } : { ...enrolment, phoneInfo: '+353*******00' }],
        });
      }
      return HttpResponse.json({
        kind: 'identitytoolkit#VerifyPasswordResponse',
        localId: localIdOf(account.email),
        email: account.email,
        displayName: '',
        idToken: idTokenFor(account, options.projectId),
        registered: true,
        refreshToken: refreshTokenFor(account),
        expiresIn: String(TOKEN_LIFETIME_SECONDS),
      });
    }),
    http.post(endpoint(IDENTITY_TOOLKIT_V2, 'accounts/mfaSignIn:finalize'), async ({ request }) => {
      const body: unknown = await request.json().catch(() => null);
      if (!isRecord(body) || typeof body.mfaPendingCredential !== 'string') return authError('MISSING_MFA_PENDING_CREDENTIAL');
      const account = pending.get(body.mfaPendingCredential);
      if (account === undefined) return authError('INVALID_MFA_PENDING_CREDENTIAL');
      const verification = body.totpVerificationInfo;
      const code = isRecord(verification) ? verification.verificationCode : undefined;
      if (account.totpCode === undefined || code !== account.totpCode) return authError('INVALID_CODE');
      pending.delete(body.mfaPendingCredential);
      return HttpResponse.json({ idToken: idTokenFor(account, options.projectId), refreshToken: refreshTokenFor(account) });
    }),
    http.post(endpoint(IDENTITY_TOOLKIT, 'accounts:lookup'), async ({ request }) => {
      const body: unknown = await request.json().catch(() => null);
      const account = isRecord(body) ? byToken(body.idToken) : undefined;
      if (account === undefined) return authError('INVALID_ID_TOKEN');
      const now = String(Date.now());
      return HttpResponse.json({
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            localId: localIdOf(account.email),
            email: account.email,
            emailVerified: account.emailVerified ?? true,
            disabled: account.disabled ?? false,
            providerUserInfo: [{ providerId: 'password', email: account.email, federatedId: account.email, rawId: account.email }],
            passwordUpdatedAt: Date.now(),
            validSince: String(Math.floor(Date.now() / 1000) - 60),
            lastLoginAt: now,
            createdAt: now,
            lastRefreshAt: new Date().toISOString(),
          },
        ],
      });
    }),
    http.post(endpoint(SECURE_TOKEN, 'token'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const account = options.accounts.find((candidate) => refreshTokenFor(candidate) === form.get('refresh_token'));
      if (account === undefined || account.disabled === true) return authError('INVALID_REFRESH_TOKEN');
      const idToken = idTokenFor(account, options.projectId);
      return HttpResponse.json({
        access_token: idToken,
        expires_in: String(TOKEN_LIFETIME_SECONDS),
        token_type: 'Bearer',
        refresh_token: refreshTokenFor(account),
        id_token: idToken,
        user_id: localIdOf(account.email),
        project_id: options.projectId,
      });
    }),
  ];
}
