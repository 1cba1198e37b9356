import {
  API_PATHS,
  accountSessionsSchema,
  auditListSchema,
  endedSessionsSchema,
  recoveryCodesSchema,
  twoStepEnrolmentSchema,
  twoStepStateSchema, trustedBrowsersSchema } from '../../contract/wire';
import type { AccountPort, AuditPort } from '../../src-core/ports/account.port';
import type { HttpClient } from './http-client';

function devicePath(id: string): string {
  return API_PATHS.accountSession.replace(':id', encodeURIComponent(id));
}

/** The signed-in administrator's account over the self-hosted API. */
export function createHttpAccount(client: HttpClient, options: { readonly onTwoStepChanged: () => Promise<void> }): AccountPort {
  return {
    twoStepState: () => client.request('GET', API_PATHS.twoStep, twoStepStateSchema),
    async startTwoStepEnrolment() {
      const { key, qrSvg } = await client.request('POST', API_PATHS.twoStepEnrolment, twoStepEnrolmentSchema);
      return { key, qrSvg };
    },
    async confirmTwoStepEnrolment(code) {
      const { recoveryCodes } = await client.request('PUT', API_PATHS.twoStepEnrolment, recoveryCodesSchema, { json: { code } });
      // A site that requires two-step sign-in opens the whole admin area from now on.
      await options.onTwoStepChanged();
      return recoveryCodes;
    },
    async turnOffTwoStep(password) {
      await client.send('DELETE', API_PATHS.twoStep, { json: { password } });
      await options.onTwoStepChanged();
    },
    async listDevices() {
      return (await client.request('GET', API_PATHS.accountSessions, accountSessionsSchema)).sessions;
    },
    signOutDevice: (id) => client.send('DELETE', devicePath(id)),
    async signOutOtherDevices() {
      return (await client.request('DELETE', API_PATHS.accountSessions, endedSessionsSchema)).ended;
    },
    async listTrustedBrowsers() {
      return (await client.request('GET', API_PATHS.trustedBrowsers, trustedBrowsersSchema)).browsers;
    },
    forgetTrustedBrowser: (id) => client.send('DELETE', API_PATHS.trustedBrowser.replace(':id', encodeURIComponent(id))),
    changePassword: (currentPassword, newPassword) => client.send('PUT', API_PATHS.password, { json: { currentPassword, newPassword } }),
  };
}

export function createHttpAudit(client: HttpClient): AuditPort {
  return {
    listAudit: ({ actor, kind }) =>
      client.request('GET', API_PATHS.audit, auditListSchema, {
        query: { ...(actor === undefined ? {} : { actor }), ...(kind === undefined ? {} : { kind }) },
      }),
  };
}
