import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { normaliseEmail } from '../src-core/domain/administrator';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../src-core/domain/zoned-time';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes'].includes(value)));

/** A number from `min` to `max`: whole unless it is a number of seconds. */
const number = (fallback: number, min: number, max: number, what: 'a whole number' | 'a number of seconds') =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      const valid = what === 'a whole number' ? Number.isInteger(parsed) : Number.isFinite(parsed);
      if (!valid || parsed < min || parsed > max) {
        context.addIssue({ code: 'custom', message: `must be ${what} from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });
const integer = (fallback: number, min: number, max: number) => number(fallback, min, max, 'a whole number');
const seconds = (fallback: number, min: number, max: number) => number(fallback, min, max, 'a number of seconds');

/**
 * Which proxies are believed about the client's address and protocol: none, a number of hops
 * (1: the reverse proxy on this machine), or the proxies' own addresses and CIDR ranges. A
 * client can write any X-Forwarded-For it likes; only the entries the trusted proxies added
 * count, so the address the limits see is the one the last untrusted hop connected from.
 */
export type TrustedProxies = false | number | readonly string[];

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

const trustedProxies = z
  .string()
  .optional()
  .transform((value, context): TrustedProxies => {
    const text = (value ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no'].includes(text)) return false;
    if (['true', 'yes'].includes(text)) return 1;
    if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (entries.length === 0 || !entries.every(isAddressOrRange)) {
      context.addIssue({
        code: 'custom',
        message: 'must be 0, the number of proxies in front of the server (1 for one reverse proxy), or their addresses like 127.0.0.1,10.0.0.0/8',
      });
      return z.NEVER;
    }
    return entries;
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
  TRUST_PROXY: trustedProxies,
  ADMIN_REQUIRE_2FA: flag(false),
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
  MAIL_RATE_PER_MINUTE: integer(60, 0, 1_000_000),
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
  /** The origin visitors use, when set; otherwise the server's own address (server/http/site-origin.ts). */
  readonly publicOrigin: string | undefined;
  /** Which proxies' X-Forwarded-* entries are believed; see TrustedProxies. */
  readonly trustProxy: TrustedProxies;
  /** Administrators must set up two-step sign-in before they may use the admin area. */
  readonly requireTwoStep: boolean;
  readonly logLevel: string;
  /** The association's time zone: event times are entered and shown in it. */
  readonly timeZone: string;
  readonly mail:
    | { readonly enabled: false }
    | { readonly enabled: true; readonly smtpUrl: string; readonly to: string; readonly from: string };
  readonly mailRetryMs: number;
  readonly mailMaxAttempts: number;
  /** Mail to members sent a minute at most (0: as fast as the mail server takes it). */
  readonly mailRatePerMinute: number;
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
    requireTwoStep: value.ADMIN_REQUIRE_2FA,
    logLevel: value.LOG_LEVEL,
    timeZone: value.TIME_ZONE,
    mail,
    mailRetryMs: Math.round(value.MAIL_RETRY_SECONDS * 1000),
    mailMaxAttempts: value.MAIL_MAX_ATTEMPTS,
    mailRatePerMinute: value.MAIL_RATE_PER_MINUTE,
    passwordHashCost: value.PASSWORD_HASH_COST,
    hashConcurrency: value.HASH_CONCURRENCY,
    requestTimeoutMs: Math.round(value.REQUEST_TIMEOUT_SECONDS * 1000),
    idleTimeoutMs: Math.round(value.IDLE_TIMEOUT_SECONDS * 1000),
  };
}
