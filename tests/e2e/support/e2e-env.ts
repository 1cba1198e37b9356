/** How global setup tells the test workers where everything runs (workers inherit its environment). */
export const E2E_ENV = {
  siteUrl: 'E2E_SITE_URL',
  emptySiteUrl: 'E2E_EMPTY_SITE_URL',
  mailControlUrl: 'E2E_MAIL_CONTROL_URL',
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
