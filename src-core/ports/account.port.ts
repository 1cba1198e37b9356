import type { AuditEntry, AuditKind } from '../domain/audit';

export interface TwoStepState {
  readonly enabled: boolean;
  /** The site requires it, so it cannot be turned off. */
  readonly required: boolean;
  readonly recoveryCodesLeft: number;
}

/** A new key for an authenticator app: a QR code (SVG markup made by the backend) and the same key as text. */
export interface TwoStepEnrolment {
  readonly key: string;
  readonly qrSvg: string;
}

/** One device the administrator is signed in on. */
/** A browser trusted for 30 days after a two-step sign-in there. */
export interface TrustedBrowser {
  readonly id: string;
  /** 'Firefox on Windows'. */
  readonly browser: string;
  readonly address: string;
  readonly trustedAt: string;
  readonly expiresAt: string;
  /** The browser asking. */
  readonly current: boolean;
}

export interface SignedInDevice {
  readonly id: string;
  /** 'Firefox on Windows'. */
  readonly browser: string;
  readonly address: string;
  readonly lastUsedAt: string;
  /** The device asking. */
  readonly current: boolean;
}

/**
 * The signed-in administrator's own account: two-step sign-in, devices, password. Self-hosted
 * only; the hosted backend's sign-in service has its own settings.
 */
export interface AccountPort {
  twoStepState(): Promise<TwoStepState>;
  /** A new key to scan or type; the one in use (if any) works until the new one is confirmed. */
  startTwoStepEnrolment(): Promise<TwoStepEnrolment>;
  /** Confirms the new key with a code from the app; resolves with ten recovery codes, shown once. */
  confirmTwoStepEnrolment(code: string): Promise<readonly string[]>;
  turnOffTwoStep(password: string): Promise<void>;
  listDevices(): Promise<readonly SignedInDevice[]>;
  signOutDevice(id: string): Promise<void>;
  /** Signs out every device but this one; resolves with how many. */
  signOutOtherDevices(): Promise<number>;
  /** The browsers trusted to skip the second step, newest first. */
  listTrustedBrowsers(): Promise<readonly TrustedBrowser[]>;
  /** Stops trusting one browser: signing in there asks for a code again. */
  forgetTrustedBrowser(id: string): Promise<void>;
  /** Needs the current password; signs out every other device. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

export interface AuditFilter {
  readonly actor?: string;
  readonly kind?: AuditKind;
}

/** The audit trail, newest first, and everyone who appears in it (for the filter). */
export interface AuditPort {
  listAudit(filter: AuditFilter): Promise<{ readonly entries: readonly AuditEntry[]; readonly actors: readonly string[] }>;
}
