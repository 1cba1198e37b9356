import path from 'node:path';
import { z } from 'zod';
import { normaliseEmail } from '../src-core/domain/administrator';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../src-core/domain/zoned-time';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes'].includes(value)));

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        context.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const seconds = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
        context.addIssue({ code: 'custom', message: `must be a number of seconds from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

// Only the part a header could be split with matters here; the address itself is checked by the mail server.
const address = z.string().regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+$/, 'must be one e-mail address like name@example.org');

const envSchema = z.object({
  PORT: integer(8080, 0, 65_535),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  CLIENT_DIR: z.string().trim().min(1).default('./dist/client'),
  SAMPLE_CONTENT: flag(true),
  MAX_UPLOAD_MB: integer(50, 1, 2048),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map(normaliseEmail).filter((email) => email !== ''))
    .pipe(z.array(address)),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be the address visitors use, like https://www.example.org' })
      .optional(),
  ),
  TRUST_PROXY: flag(false),
  TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'must be a time zone name like Europe/Dublin'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must look like smtp://user:password@host:587 or smtps://...' }).optional()),
  CONTACT_TO: optionalText.pipe(address.optional()),
  MAIL_FROM: optionalText.pipe(address.optional()),
  MAIL_RETRY_SECONDS: seconds(30, 0.01, 86_400),
  MAIL_MAX_ATTEMPTS: integer(12, 1, 100),
  PASSWORD_HASH_COST: integer(17, 10, 20),
  HASH_CONCURRENCY: integer(2, 1, 64),
  REQUEST_TIMEOUT_SECONDS: seconds(900, 1, 86_400),
  IDLE_TIMEOUT_SECONDS: seconds(60, 1, 3_600),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly clientDir: string;
  readonly sampleContent: boolean;
  readonly maxUploadBytes: number;
  readonly adminEmails: readonly string[];
  /** The origin visitors use, when set; otherwise each request's own origin counts. */
  readonly publicOrigin: string | undefined;
  readonly trustProxy: boolean;
  readonly logLevel: string;
  /** The association's time zone: event times are entered and shown in it. */
  readonly timeZone: string;
  readonly mail:
    | { readonly enabled: false }
    | { readonly enabled: true; readonly smtpUrl: string; readonly to: string; readonly from: string };
  readonly mailRetryMs: number;
  readonly mailMaxAttempts: number;
  /** log2 of scrypt's N; 17 in production, lower only in tests. */
  readonly passwordHashCost: number;
  readonly hashConcurrency: number;
  readonly requestTimeoutMs: number;
  /** How long a connection may sit without sending a byte (headers or body). */
  readonly idleTimeoutMs: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration from the environment; every problem is reported with its variable's name. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const [variable, entry] = issue.path;
      const where = typeof entry === 'number' ? ` (entry ${entry + 1})` : '';
      return `  ${String(variable ?? 'environment')}: ${issue.message}${where}`;
    });
    throw new ConfigError(`The configuration is not valid:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const problems: string[] = [];
  if (value.SMTP_URL !== undefined && value.CONTACT_TO === undefined) {
    problems.push('  CONTACT_TO: must be set when SMTP_URL is set (it is where contact messages are sent)');
  }
  if (value.CONTACT_TO !== undefined && value.SMTP_URL === undefined) {
    problems.push('  SMTP_URL: must be set when CONTACT_TO is set (it is the mail server that sends them)');
  }
  if (problems.length > 0) throw new ConfigError(`The configuration is not valid:\n${problems.join('\n')}`);

  const mail: Config['mail'] =
    value.SMTP_URL !== undefined && value.CONTACT_TO !== undefined
      ? { enabled: true, smtpUrl: value.SMTP_URL, to: value.CONTACT_TO, from: value.MAIL_FROM ?? value.CONTACT_TO }
      : { enabled: false };

  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    clientDir: path.resolve(value.CLIENT_DIR),
    sampleContent: value.SAMPLE_CONTENT,
    maxUploadBytes: value.MAX_UPLOAD_MB * 1024 * 1024,
    adminEmails: value.ADMIN_EMAILS,
    publicOrigin: value.PUBLIC_URL === undefined ? undefined : new URL(value.PUBLIC_URL).origin,
    trustProxy: value.TRUST_PROXY,
    logLevel: value.LOG_LEVEL,
    timeZone: value.TIME_ZONE,
    mail,
    mailRetryMs: Math.round(value.MAIL_RETRY_SECONDS * 1000),
    mailMaxAttempts: value.MAIL_MAX_ATTEMPTS,
    passwordHashCost: value.PASSWORD_HASH_COST,
    hashConcurrency: value.HASH_CONCURRENCY,
    requestTimeoutMs: Math.round(value.REQUEST_TIMEOUT_SECONDS * 1000),
    idleTimeoutMs: Math.round(value.IDLE_TIMEOUT_SECONDS * 1000),
  };
}
