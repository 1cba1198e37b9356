import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { startTestServer, temporaryDir } from './helpers/test-server';
import { rawRequest } from './helpers/raw-http';

const SECRET = 'SECRET-OUTSIDE-THE-FILES-FOLDER';

function attempts(outsideFile: string): string[] {
  const encodedAbsolute = encodeURIComponent(outsideFile);
  return [
    '/files/../secret.pdf',
    '/files/../site.db',
    '/files/events/../../secret.pdf',
    '/files/%2e%2e/secret.pdf',
    '/files/%2e%2e%2fsecret.pdf',
    '/files/%2E%2E%2Fsite.db',
    '/files/events/%2e%2e%2f%2e%2e%2fsecret.pdf',
    '/files/%252e%252e%252fsecret.pdf',
    '/files/%252e%252e/secret.pdf',
    '/files/..%5csecret.pdf',
    '/files/..\\secret.pdf',
    '/files/events\\..\\..\\secret.pdf',
    '/files/%c0%ae%c0%ae/secret.pdf',
    '/files/..%00/secret.pdf',
    '/files//etc/passwd',
    '/files/%2fetc%2fpasswd',
    `/files/${encodedAbsolute}`,
    `/files/${outsideFile}`,
    '/files/C:%5cWindows%5cwin.ini',
    '/files/uploads-in-progress/x.part',
    '/files/./secret.pdf',
    '/files/events/./../secret.pdf',
  ];
}

test('no address reaches a file outside the files folder, in any encoding', async () => {
  const server = await startTestServer();
  const pdfSecret = `%PDF-1.4\n${SECRET}\n`;
  fs.writeFileSync(path.join(server.dataDir, 'secret.pdf'), pdfSecret);
  const outsideFile = path.join(temporaryDir('outside'), 'outside.pdf');
  fs.writeFileSync(outsideFile, pdfSecret);

  const responses = await Promise.all(attempts(outsideFile).map((attempt) => rawRequest(server.baseUrl, attempt)));

  responses.forEach((response, index) => {
    const body = response.body.toString('latin1');
    expect([400, 404], `status for ${attempts(outsideFile)[index]}`).toContain(response.status);
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain('SQLite format');
    expect(body).not.toContain('root:');
  });
});

test('plain dot-dot and encoded separators are refused as invalid addresses', async () => {
  const server = await startTestServer();

  const dotDot = await rawRequest(server.baseUrl, '/files/../site.db');
  const encoded = await rawRequest(server.baseUrl, '/files/%2e%2e%2fsite.db');
  const backslash = await rawRequest(server.baseUrl, '/files/..\\site.db');

  for (const response of [dotDot, encoded, backslash]) {
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body.toString())).toMatchObject({ error: { kind: 'invalid-input' } });
  }
});
