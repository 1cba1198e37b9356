import { test } from '@playwright/test';

/** How global setup tells the test workers where everything runs (workers inherit its environment). */
export const E2E_ENV = {
  /** One main site per worker slot, as a JSON list: a worker changes only its own site's state. */
  siteUrls: 'E2E_SITE_URLS',
  emptySiteUrl: 'E2E_EMPTY_SITE_URL',
  /** The SMTP peer of each main site, in the same order. */
  mailControlUrls: 'E2E_MAIL_CONTROL_URLS',
  workDir: 'E2E_WORK_DIR',
} as const;

/** The administrator created with the admin command before the sites first start. */
export const ADMIN = {
  email: 'admin@example.org',
  password: 'correct horse battery staple 42',
} as const;

export function e2eValue(name: (typeof E2E_ENV)[keyof typeof E2E_ENV]): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`${name} is not set: run the browser suite with \`npm run test:e2e\` (global setup sets it).`);
  }
  return value;
}

/** This worker's own entry of a per-worker list (its parallel index is its slot, 0 to workers - 1). */
export function workerValue(name: typeof E2E_ENV.siteUrls | typeof E2E_ENV.mailControlUrls): string {
  const values = JSON.parse(e2eValue(name)) as string[];
  const value = values[test.info().parallelIndex];
  if (value === undefined) throw new Error(`${name} has no entry for worker slot ${test.info().parallelIndex}`);
  return value;
}
