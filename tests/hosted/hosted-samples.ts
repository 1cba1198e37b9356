import { parseHostedEnv, type HostedEnv } from '../../adapters/hosted/hosted-env';
import type { Post } from '../../src-core/domain/post';

/** The settings the hosted fakes and adapters share in tests: demo values, nothing real. */
export const TEST_CONTENTFUL = { space: 'demospace', environment: 'master', accessToken: 'demo-delivery-token' } as const;

export const TEST_EMAILJS = { publicKey: 'demo-public-key', serviceId: 'service_demo', templateId: 'template_demo' } as const;

export const TEST_FIREBASE = {
  apiKey: 'demo-api-key',
  projectId: 'demo-rnai',
  authDomain: 'demo-rnai.firebaseapp.com',
  storageBucket: 'demo-rnai.appspot.com',
  appId: '1:000000000000:web:0000000000000000',
  messagingSenderId: '000000000000',
} as const;

/** The hosted build's variables as the tests' fakes expect them, as a build's .env holds them. */
export function testHostedVariables({ adminEmails, maxUploadMb }: { adminEmails: string; maxUploadMb: number }): Record<string, string> {
  return {
    VITE_FIREBASE_API_KEY: TEST_FIREBASE.apiKey,
    VITE_FIREBASE_PROJECT_ID: TEST_FIREBASE.projectId,
    VITE_FIREBASE_AUTH_DOMAIN: TEST_FIREBASE.authDomain,
    VITE_FIREBASE_STORAGE_BUCKET: TEST_FIREBASE.storageBucket,
    VITE_FIREBASE_APP_ID: TEST_FIREBASE.appId,
    VITE_FIREBASE_MESSAGING_SENDER_ID: TEST_FIREBASE.messagingSenderId,
    VITE_CONTENTFUL_SPACE: TEST_CONTENTFUL.space,
    VITE_CONTENTFUL_ACCESS_TOKEN: TEST_CONTENTFUL.accessToken,
    VITE_CONTENTFUL_ENVIRONMENT: TEST_CONTENTFUL.environment,
    VITE_EMAILJS_PUBLIC_KEY: TEST_EMAILJS.publicKey,
    VITE_EMAILJS_SERVICE_ID: TEST_EMAILJS.serviceId,
    VITE_EMAILJS_TEMPLATE_ID: TEST_EMAILJS.templateId,
    VITE_ADMIN_EMAILS: adminEmails,
    VITE_CMS_URL: 'https://app.contentful.com/spaces/demospace',
    VITE_MAX_UPLOAD_MB: String(maxUploadMb),
  };
}

/** The hosted build's settings as the tests' fakes expect them, parsed as a real build parses them. */
export function testHostedEnv({
  adminEmails,
  maxUploadMb,
  extra = {},
}: {
  adminEmails: string;
  maxUploadMb: number;
  /** More variables, e.g. the association's details (VITE_ASSOCIATION_*). */
  extra?: Readonly<Record<string, string>>;
}): HostedEnv {
  return parseHostedEnv({ ...extra, ...testHostedVariables({ adminEmails, maxUploadMb }) });
}

export const ADMIN = { email: 'secretary@example.org', password: 'correct horse battery staple' } as const;

export const samplePosts: readonly Post[] = [
  {
    id: 'spring-lunch',
    title: 'Spring lunch in Athlone',
    body: 'Join us for lunch on 12 April.\nBooking through your branch secretary.',
    publishedAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
  },
  {
    id: 'pension-update',
    title: 'Pension increase agreed',
    body: 'The public service pension increase has been agreed.',
    publishedAt: '2026-05-20T08:30:00.000Z',
  },
  {
    id: 'agm-2025',
    title: 'Annual general meeting',
    body: 'Minutes of the annual general meeting are now available.',
    publishedAt: '2025-11-10T12:00:00.000Z',
  },
];

/** A unique name per test, so Firebase apps (and their signed-in users) never leak between tests. */
export function uniqueAppName(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2)}`;
}
