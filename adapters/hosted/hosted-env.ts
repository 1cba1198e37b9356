import { z } from '../../contract/zod';
import { parseDetailsSource, type DetailsSource } from './hosted-details-env.js';
// With its extension: the build's Vite plugin loads this file through Node, which needs it.
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../src-core/domain/zoned-time.js';

/**
 * The largest upload storage.rules accept, in megabytes. VITE_MAX_UPLOAD_MB may lower it for the
 * admin screen's check but never raise it: the rules, not the client, decide what is stored.
 * @internal Outside this file only tests and fakes use it.
 */
export const RULES_MAX_UPLOAD_MB = 20;

/** Every build-time variable the hosted backend needs, in the order .env.example lists them. */
export const HOSTED_ENV_VARIABLES = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_CONTENTFUL_SPACE',
  'VITE_CONTENTFUL_ACCESS_TOKEN',
  'VITE_CONTENTFUL_ENVIRONMENT',
  'VITE_EMAILJS_PUBLIC_KEY',
  'VITE_EMAILJS_SERVICE_ID',
  'VITE_EMAILJS_TEMPLATE_ID',
  'VITE_ADMIN_EMAILS',
  'VITE_CMS_URL',
  'VITE_MAX_UPLOAD_MB',
] as const;

export type HostedEnvVariable = (typeof HOSTED_ENV_VARIABLES)[number];

export interface FirebaseConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly authDomain: string;
  readonly storageBucket: string;
  readonly appId: string;
  readonly messagingSenderId: string;
}

export interface HostedEnv {
  readonly firebase: FirebaseConfig;
  readonly contentful: { readonly space: string; readonly accessToken: string; readonly environment: string };
  readonly emailJs: { readonly publicKey: string; readonly serviceId: string; readonly templateId: string };
  readonly adminEmails: readonly string[];
  /** The external content management site where posts are written. */
  readonly cmsUrl: string;
  readonly maxUploadBytes: number;
  /** The association's details: set in the build, or read from a Contentful entry. */
  readonly details: DetailsSource;
  /** The association's time zone: event times are entered and shown in it. */
  readonly timeZone: string;
}

const text = z.string({ error: 'is missing' }).trim().min(1, { error: 'is empty' });

const emailList = text.transform((value, context) => {
  const emails = value
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '');
  if (emails.length === 0) context.addIssue({ code: 'custom', message: 'has no e-mail address' });
  for (const email of emails) {
    if (!z.email().safeParse(email).success) {
      context.addIssue({ code: 'custom', message: `has '${email}', which is not an e-mail address` });
    }
  }
  return emails;
});

const httpsUrl = text.pipe(z.url({ protocol: /^https?$/, error: 'is not a web address (https://...)' }));

const megabytes = text.transform(Number).pipe(
  z
    .number({ error: 'is not a number' })
    .positive({ error: 'must be more than 0' })
    .max(RULES_MAX_UPLOAD_MB, { error: `must be at most ${RULES_MAX_UPLOAD_MB}, the limit in storage.rules` }),
);

const schema = z.object({
  VITE_FIREBASE_API_KEY: text,
  VITE_FIREBASE_PROJECT_ID: text,
  VITE_FIREBASE_AUTH_DOMAIN: text,
  VITE_FIREBASE_STORAGE_BUCKET: text,
  VITE_FIREBASE_APP_ID: text,
  VITE_FIREBASE_MESSAGING_SENDER_ID: text,
  VITE_CONTENTFUL_SPACE: text,
  VITE_CONTENTFUL_ACCESS_TOKEN: text,
  VITE_CONTENTFUL_ENVIRONMENT: text,
  VITE_EMAILJS_PUBLIC_KEY: text,
  VITE_EMAILJS_SERVICE_ID: text,
  VITE_EMAILJS_TEMPLATE_ID: text,
  VITE_ADMIN_EMAILS: emailList,
  VITE_CMS_URL: httpsUrl,
  VITE_MAX_UPLOAD_MB: megabytes,
  // Optional, unlike the variables above: Ireland's zone unless the association is elsewhere.
  VITE_TIME_ZONE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? DEFAULT_TIME_ZONE : value))
    .refine(isTimeZone, { error: 'is not a time zone name like Europe/Dublin' }),
} satisfies Record<HostedEnvVariable | 'VITE_TIME_ZONE', z.ZodType>);

/** Names every variable that is missing or wrong; the import command (server/cli/hosted-ports.ts) reports it too. */
export class HostedEnvError extends Error {
  override readonly name = 'HostedEnvError';
  /** The variables that are missing or wrong, so a build log names each one. */
  readonly variables: readonly string[];

  constructor(problems: readonly { variable: string; problem: string }[]) {
    super(
      'The hosted backend cannot be built: ' +
        problems.map(({ variable, problem }) => `${variable} ${problem}`).join('; ') +
        '. Set them in .env (see .env.example) or in the build environment.',
    );
    this.variables = problems.map(({ variable }) => variable);
  }
}

/**
 * Reads the hosted backend's settings from build-time variables (import.meta.env or a loaded
 * .env), once. Throws HostedEnvError naming every missing or unusable variable, the optional
 * association details' included.
 */
export function parseHostedEnv(record: Readonly<Record<string, unknown>>): HostedEnv {
  const parsed = schema.safeParse(record);
  const details = parseDetailsSource(record);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'configuration'), problem: issue.message }))),
    ...details.problems,
  ];
  if (!parsed.success || problems.length > 0) throw new HostedEnvError(problems);
  const env = parsed.data;
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
      appId: env.VITE_FIREBASE_APP_ID,
      messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    },
    contentful: {
      space: env.VITE_CONTENTFUL_SPACE,
      accessToken: env.VITE_CONTENTFUL_ACCESS_TOKEN,
      environment: env.VITE_CONTENTFUL_ENVIRONMENT,
    },
    emailJs: {
      publicKey: env.VITE_EMAILJS_PUBLIC_KEY,
      serviceId: env.VITE_EMAILJS_SERVICE_ID,
      templateId: env.VITE_EMAILJS_TEMPLATE_ID,
    },
    adminEmails: env.VITE_ADMIN_EMAILS,
    cmsUrl: env.VITE_CMS_URL,
    maxUploadBytes: Math.floor(env.VITE_MAX_UPLOAD_MB * 1024 * 1024),
    details: details.source,
    timeZone: env.VITE_TIME_ZONE,
  };
}
