import { expect, test } from 'vitest';
import { HostedEnvError, parseHostedEnv } from './hosted-env';

const complete = {
  VITE_BACKEND: 'hosted',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_PROJECT_ID: 'demo-rnai',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-rnai.firebaseapp.com',
  VITE_FIREBASE_STORAGE_BUCKET: 'demo-rnai.appspot.com',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
  VITE_CONTENTFUL_SPACE: 'demospace',
  VITE_CONTENTFUL_ACCESS_TOKEN: 'demo-delivery-token',
  VITE_CONTENTFUL_ENVIRONMENT: 'master',
  VITE_EMAILJS_PUBLIC_KEY: 'demo-public-key',
  VITE_EMAILJS_SERVICE_ID: 'service_demo',
  VITE_EMAILJS_TEMPLATE_ID: 'template_demo',
  VITE_ADMIN_EMAILS: ' secretary@example.org, Chair@Example.org ',
  VITE_CMS_URL: 'https://app.contentful.com/spaces/demospace',
  VITE_MAX_UPLOAD_MB: '10',
};

function problemsOf(record: Record<string, unknown>): HostedEnvError {
  try {
    parseHostedEnv(record);
  } catch (error) {
    if (error instanceof HostedEnvError) return error;
    throw error;
  }
  throw new Error('parseHostedEnv accepted the record');
}

test('a complete set of variables gives the typed settings every adapter needs', () => {
  const env = parseHostedEnv(complete);

  expect(env.firebase).toEqual({
    apiKey: 'demo-api-key',
    projectId: 'demo-rnai',
    authDomain: 'demo-rnai.firebaseapp.com',
    storageBucket: 'demo-rnai.appspot.com',
    appId: '1:000000000000:web:0000000000000000',
    messagingSenderId: '000000000000',
  });
  expect(env.contentful).toEqual({ space: 'demospace', accessToken: 'demo-delivery-token', environment: 'master' });
  expect(env.emailJs).toEqual({ publicKey: 'demo-public-key', serviceId: 'service_demo', templateId: 'template_demo' });
  expect(env.adminEmails).toEqual(['secretary@example.org', 'Chair@Example.org']);
  expect(env.cmsUrl).toBe('https://app.contentful.com/spaces/demospace');
  expect(env.maxUploadBytes).toBe(10 * 1024 * 1024);
});

test('a missing variable stops the build with a message naming it', () => {
  const { VITE_CONTENTFUL_ACCESS_TOKEN: _removed, ...record } = complete;

  const error = problemsOf(record);

  expect(error.variables).toEqual(['VITE_CONTENTFUL_ACCESS_TOKEN']);
  expect(error.message).toContain('VITE_CONTENTFUL_ACCESS_TOKEN is missing');
});

test('an empty or blank variable is refused like a missing one', () => {
  const error = problemsOf({ ...complete, VITE_EMAILJS_SERVICE_ID: '', VITE_FIREBASE_APP_ID: '   ' });

  expect(error.variables).toEqual(['VITE_FIREBASE_APP_ID', 'VITE_EMAILJS_SERVICE_ID']);
  expect(error.message).toContain('VITE_EMAILJS_SERVICE_ID is empty');
});

test('every problem is named at once, so one build run shows them all', () => {
  const error = problemsOf({ VITE_BACKEND: 'hosted' });

  expect(error.variables).toHaveLength(15);
  expect(error.message).toContain('VITE_FIREBASE_API_KEY is missing');
  expect(error.message).toContain('VITE_MAX_UPLOAD_MB is missing');
});

test('an administrator list with something that is not an e-mail address is refused', () => {
  const error = problemsOf({ ...complete, VITE_ADMIN_EMAILS: 'secretary@example.org, chair' });

  expect(error.message).toContain("VITE_ADMIN_EMAILS has 'chair', which is not an e-mail address");
});

test('an administrator list of only commas is refused', () => {
  const error = problemsOf({ ...complete, VITE_ADMIN_EMAILS: ' , ' });

  expect(error.message).toContain('VITE_ADMIN_EMAILS has no e-mail address');
});

test('the content management address must be a web address', () => {
  const error = problemsOf({ ...complete, VITE_CMS_URL: 'app.contentful.com' });

  expect(error.variables).toEqual(['VITE_CMS_URL']);
});

test('the upload limit may not exceed what storage.rules accept', () => {
  const tooLarge = problemsOf({ ...complete, VITE_MAX_UPLOAD_MB: '50' });
  const notANumber = problemsOf({ ...complete, VITE_MAX_UPLOAD_MB: 'ten' });

  expect(tooLarge.message).toContain('VITE_MAX_UPLOAD_MB must be at most 20, the limit in storage.rules');
  expect(notANumber.message).toContain('VITE_MAX_UPLOAD_MB is not a number');
});
