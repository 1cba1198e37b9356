import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../contract/api-messages';
import { apiError } from '../http/api-error';
import { BusyError } from './limiter';

const BUSY_RETRY_SECONDS = 5;

/**
 * Checks a signed-in administrator's current password before a change to their password or
 * two-step sign-in, with the same limits as a sign-in from this address: a session left open
 * on a shared computer is not enough to guess it.
 */
export async function checkCurrentPassword(app: FastifyInstance, request: FastifyRequest, email: string, password: string): Promise<void> {
  const attempt = { email, address: request.ip };
  const verdict = app.signInThrottle.check(attempt);
  if (!verdict.allowed) throw apiError(429, 'too-many-requests', API_MESSAGES.tooManySignIns, { retryAfterSeconds: verdict.retryAfterSeconds });
  const account = app.accounts.find(email);
  let verified = false;
  try {
    verified = account !== undefined && (await app.hasher.verify(password, account.passwordHash));
  } catch (error) {
    if (error instanceof BusyError) throw apiError(503, 'unavailable', API_MESSAGES.busy, { retryAfterSeconds: BUSY_RETRY_SECONDS });
    throw error;
  }
  if (!verified) {
    app.signInThrottle.recordFailure(attempt);
    throw apiError(400, 'invalid-input', API_MESSAGES.wrongCurrentPassword, { fieldErrors: { currentPassword: API_MESSAGES.wrongCurrentPassword } });
  }
}
