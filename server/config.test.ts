import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('an empty environment gives the documented defaults', () => {
  const config = loadConfig({});

  expect(config).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    dataDir: path.resolve('data'),
    sampleContent: true,
    maxUploadBytes: 50 * 1024 * 1024,
    adminEmails: [],
    mail: { enabled: false },
    passwordHashCost: 17,
  });
});

test('administrator addresses are a comma-separated list, compared without case or spaces', () => {
  const config = loadConfig({ ADMIN_EMAILS: ' Chair@Example.org, secretary@example.org ,' });

  expect(config.adminEmails).toEqual(['chair@example.org', 'secretary@example.org']);
});

test('mail is on when both SMTP_URL and CONTACT_TO are set, sending from CONTACT_TO unless MAIL_FROM says otherwise', () => {
  const config = loadConfig({ SMTP_URL: 'smtp://mail.example.org:587', CONTACT_TO: 'office@example.org' });

  expect(config.mail).toEqual({ enabled: true, smtpUrl: 'smtp://mail.example.org:587', to: 'office@example.org', from: 'office@example.org' });
});

test('member mail goes out at 60 a minute unless MAIL_RATE_PER_MINUTE says otherwise; 0 is as fast as the mail server takes it', () => {
  expect(loadConfig({}).mailRatePerMinute).toBe(60);
  expect(loadConfig({ MAIL_RATE_PER_MINUTE: '0' }).mailRatePerMinute).toBe(0);
  expect(() => loadConfig({ MAIL_RATE_PER_MINUTE: 'fast' })).toThrow(/MAIL_RATE_PER_MINUTE: must be a whole number/);
});

test.each([
  [{ PORT: 'eighty' }, 'PORT'],
  [{ PORT: '70000' }, 'PORT'],
  [{ MAX_UPLOAD_MB: '0' }, 'MAX_UPLOAD_MB'],
  [{ SAMPLE_CONTENT: 'maybe' }, 'SAMPLE_CONTENT'],
  [{ ADMIN_EMAILS: 'chair@example.org, not an address' }, 'ADMIN_EMAILS'],
  [{ SMTP_URL: 'https://mail.example.org' , CONTACT_TO: 'office@example.org' }, 'SMTP_URL'],
  [{ SMTP_URL: 'smtp://mail.example.org' }, 'CONTACT_TO'],
  [{ CONTACT_TO: 'office@example.org' }, 'SMTP_URL'],
  [{ CONTACT_TO: 'office@example.org\r\nBcc: x@example.org', SMTP_URL: 'smtp://mail.example.org' }, 'CONTACT_TO'],
  [{ PUBLIC_URL: 'ftp://example.org' }, 'PUBLIC_URL'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  [{ PASSWORD_HASH_COST: '8' }, 'PASSWORD_HASH_COST'],
  [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
  [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
  [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
])('a bad value is refused with a message naming its variable: %o', (env, variable) => {
  const attempt = () => loadConfig(env);

  expect(attempt).toThrow(ConfigError);
  expect(attempt).toThrow(new RegExp(`\\b${variable}:`));
});

test('.env.example, copied as it is, gives exactly the defaults', () => {
  const example = parseEnv(fs.readFileSync(path.resolve(import.meta.dirname, '../.env.example'), 'utf8'));

  expect(loadConfig(example)).toEqual(loadConfig({}));
});

test.each([
  [undefined, false],
  ['0', false],
  ['1', 1],
  ['true', 1],
  ['2', 2],
  ['127.0.0.1', ['127.0.0.1']],
  [' 127.0.0.1 , 10.0.0.0/8, ::1 ', ['127.0.0.1', '10.0.0.0/8', '::1']],
])('TRUST_PROXY=%s trusts exactly the proxies it names (%o), never every hop', (value, expected) => {
  expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
});
