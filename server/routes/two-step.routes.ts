import { API_MESSAGES } from '../../contract/api-messages';
import {
  API_PATHS,
  recoveryCodesSchema,
  secondStepCodeSchema,
  twoStepDisableSchema,
  twoStepEnrolmentSchema,
  twoStepStateSchema,
} from '../../contract/wire';
import { checkCurrentPassword } from '../auth/current-password';
import { newRecoveryCodes, recoveryCodeHash } from '../auth/second-step';
import { matchTotp, newTotpSecret, otpauthUri } from '../auth/totp';
import { retryWhenBusy } from '../db/retry-when-busy';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireOwnAccountWhileSettingUp } from '../plugins/auth.plugin';
import { signedIn } from './account.routes';

/** What an authenticator app shows above the codes. */
const ISSUER = 'RNAI website';

/** 'ABCD EFGH ...': easier to copy by hand than one long run of letters. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up and turning off two-step sign-in for the signed-in administrator. Allowed while
 * the site still requires them to set it up (ADMIN_REQUIRE_2FA), which is the point.
 */
export async function twoStepRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireOwnAccountWhileSettingUp);

  app.get(API_PATHS.twoStep, { schema: { response: { 200: twoStepStateSchema, ...errorResponses } } }, async (request, reply) => {
    const { email } = signedIn(request);
    const state = app.twoStep.state(email);
    void reply.header('cache-control', 'no-store');
    return { enabled: state.secret !== undefined, required: app.config.requireTwoStep, recoveryCodesLeft: state.recoveryCodesLeft };
  });

  // A new key each time: one shown and never confirmed is simply replaced. The key already in
  // use (if any) keeps working until the new one is confirmed.
  app.post(API_PATHS.twoStepEnrolment, { schema: { response: { 201: twoStepEnrolmentSchema, ...errorResponses } } }, async (request, reply) => {
    const { email } = signedIn(request);
    const secret = newTotpSecret();
    await retryWhenBusy(() => app.twoStep.setPending(email, secret));
    const uri = otpauthUri(secret, email, ISSUER);
    // Loaded at the first setup, not at start: most days nobody sets up a second step.
    const { default: QRCode } = await import('qrcode');
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    void reply.header('cache-control', 'no-store');
    return reply.code(201).send({ key: grouped(secret), otpauthUri: uri, qrSvg });
  });

  app.put(
    API_PATHS.twoStepEnrolment,
    { schema: { body: secondStepCodeSchema, response: { 200: recoveryCodesSchema, ...errorResponses } } },
    async (request, reply) => {
      const { email } = signedIn(request);
      const pending = app.twoStep.state(email).pendingSecret;
      if (pending === undefined) throw apiError(409, 'conflict', API_MESSAGES.noEnrolment);
      const verdict = app.signInThrottle.checkSecondStep(email);
      if (!verdict.allowed) throw apiError(429, 'too-many-requests', API_MESSAGES.tooManyCodes, { retryAfterSeconds: verdict.retryAfterSeconds });
      const step = matchTotp(pending, request.body.code.replace(/\s/g, ''), app.clock());
      if (step === undefined) {
        app.signInThrottle.recordSecondStepFailure(email);
        throw apiError(400, 'invalid-input', API_MESSAGES.wrongEnrolmentCode, { fieldErrors: { code: API_MESSAGES.wrongEnrolmentCode } });
      }
      const recoveryCodes = newRecoveryCodes();
      await retryWhenBusy(() => app.twoStep.enable(email, pending, step, recoveryCodes.map((code) => recoveryCodeHash(email, code))));
      app.signInThrottle.recordSecondStepSuccess(email);
      request.log.info({ event: 'two-step-enabled', email }, 'Two-step sign-in turned on');
      await app.audit.record(request, 'two-step-enabled');
      void reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );

  app.delete(
    API_PATHS.twoStep,
    { schema: { body: twoStepDisableSchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const { email } = signedIn(request);
      if (app.config.requireTwoStep) throw apiError(403, 'not-authorised', API_MESSAGES.twoStepRequired);
      await checkCurrentPassword(app, request, email, request.body.password);
      if (await retryWhenBusy(() => app.twoStep.disable(email))) {
        // Trust meant 'skip the second step here'; without two-step sign-in it means nothing, and must not come back with it.
        await retryWhenBusy(() => app.trustedBrowsers.revokeAll(email));
        request.log.info({ event: 'two-step-disabled', email }, 'Two-step sign-in turned off');
        await app.audit.record(request, 'two-step-disabled');
      }
      return reply.code(204).send(undefined);
    },
  );
}
