import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { fileListSchema, storedFileSchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import { startTestServer, type TestServer } from './helpers/test-server';
import { docxBytes, zipArchive } from '../support/zip-archive';

const PDF = Buffer.from(samplePdf('Minutes', ['Line']));
const DOCX = docxBytes('Membership application form');
const DOC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

async function adminServer(env: Record<string, string> = {}) {
  const server = await startTestServer({ env: { ...ADMIN_ENV, ...env } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const upload = (folder: string, name: string, body: BodyInit, headers: Record<string, string> = {}) =>
    jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder, name })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
  return { server, jar, upload };
}

async function listed(server: TestServer, folder: string) {
  const response = await fetch(`${server.baseUrl}/api/files?folder=${folder}`);
  return fileListSchema.parse(await response.json()).files.map((file) => file.name);
}

function temporaryFiles(server: TestServer): string[] {
  return fs.readdirSync(path.join(server.dataDir, 'uploads-in-progress'));
}

test('an uploaded PDF is stored at folder/name, listed, and downloads byte for byte', async () => {
  const { server, upload } = await adminServer();

  const response = await upload('events', 'Summer Outing.pdf', PDF, { 'content-type': 'application/pdf' });
  const stored = storedFileSchema.parse(await response.json());
  const download = await fetch(server.baseUrl + stored.url);

  expect(response.status).toBe(201);
  expect(stored).toMatchObject({ name: 'Summer Outing.pdf', fullPath: 'events/Summer Outing.pdf', size: PDF.byteLength, contentType: 'application/pdf' });
  expect(await listed(server, 'events')).toEqual(['Summer Outing.pdf']);
  expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  expect(temporaryFiles(server)).toEqual([]);
});

test('Word documents are accepted at the root, where join forms live, and nowhere else', async () => {
  const { server, upload } = await adminServer();

  const docxAtRoot = await upload('root', 'Join Form.docx', DOCX);
  const docAtRoot = await upload('root', 'Old Form.doc', DOC);
  const docxInEvents = await upload('events', 'Programme.docx', DOCX);
  const docInNewsletters = await upload('newsletters', 'Issue.doc', DOC);

  expect([docxAtRoot.status, docAtRoot.status]).toEqual([201, 201]);
  expect(docxInEvents.status).toBe(400);
  expect(await docxInEvents.json()).toMatchObject({ error: { kind: 'invalid-input', message: API_MESSAGES.wrongFileType('PDF') } });
  expect(docInNewsletters.status).toBe(400);
  expect(await listed(server, 'events')).toEqual([]);
  expect(await listed(server, 'newsletters')).toEqual([]);
});

test('the type is judged by content: a page renamed to .pdf is refused and not stored', async () => {
  const { server, upload } = await adminServer();

  const page = await upload('events', 'Invitation.pdf', '<html><script>alert(1)</script></html>', { 'content-type': 'application/pdf' });
  const zipAsDoc = await upload('root', 'Form.doc', DOCX);

  expect(page.status).toBe(400);
  expect(await page.json()).toMatchObject({ error: { kind: 'invalid-input' } });
  expect(zipAsDoc.status).toBe(400);
  expect(await listed(server, 'events')).toEqual([]);
  expect(await listed(server, 'root')).toEqual([]);
  expect(temporaryFiles(server)).toEqual([]);
});

test('a ZIP named .docx must have the structure of a Word document, not only the ZIP signature', async () => {
  const { server, upload } = await adminServer();
  const program = zipArchive([{ name: 'payload.exe', text: 'MZ this is not a document' }]);
  const noContentTypes = zipArchive([{ name: 'word/document.xml', text: '<w:document/>' }]);
  const noDocumentPart = zipArchive([{ name: '[Content_Types].xml', text: '<Types/>' }, { name: 'payload.exe', text: 'MZ' }]);

  const responses = [
    await upload('root', 'Join Form.docx', program),
    await upload('root', 'Form A.docx', noContentTypes),
    await upload('root', 'Form B.docx', noDocumentPart),
  ];
  const real = await upload('root', 'Membership.docx', DOCX);

  expect(responses.map((response) => response.status)).toEqual([400, 400, 400]);
  expect(await responses[0]?.json()).toMatchObject({ error: { kind: 'invalid-input', message: API_MESSAGES.wrongFileType('PDF or Word') } });
  expect(real.status).toBe(201);
  expect(await listed(server, 'root')).toEqual(['Membership.docx']);
  expect(temporaryFiles(server)).toEqual([]);
});

test('an empty file is refused', async () => {
  const { server, upload } = await adminServer();

  const response = await upload('root', 'Empty.pdf', new Uint8Array(0));

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { message: API_MESSAGES.emptyFile } });
  expect(await listed(server, 'root')).toEqual([]);
});

test('a file over MAX_UPLOAD_MB gets 413, announced or streamed, and nothing is kept', async () => {
  const { server, upload } = await adminServer({ MAX_UPLOAD_MB: '1' });
  const oversize = Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]);

  const announced = await upload('root', 'Big.pdf', oversize);
  const streamed = await upload('root', 'Big.pdf', new Blob([oversize]).stream(), {});

  expect(announced.status).toBe(413);
  expect(await announced.json()).toMatchObject({ error: { kind: 'invalid-input', message: API_MESSAGES.fileTooLarge('1 MB') } });
  expect(streamed.status).toBe(413);
  expect(await listed(server, 'root')).toEqual([]);
  expect(temporaryFiles(server)).toEqual([]);
});

test('names that try to be paths are refused; other hostile names are made safe and readable', async () => {
  const { server, upload } = await adminServer();

  const climbing = await upload('events', '../x.pdf', PDF);
  const nested = await upload('events', 'a/b.pdf', PDF);
  const backslash = await upload('events', 'a\\b.pdf', PDF);
  const nul = await upload('events', 'x\u0000.pdf', PDF);
  const long = await upload('events', `${'Ó'.repeat(150)}.pdf`, PDF);
  const override = await upload('events', 'Minutes\u202Efdp.exe.pdf', PDF);
  const longName = storedFileSchema.parse(await long.json()).name;

  expect([climbing.status, nested.status, backslash.status, nul.status]).toEqual([400, 400, 400, 400]);
  expect(long.status).toBe(201);
  expect(Buffer.byteLength(longName)).toBeLessThanOrEqual(200);
  expect(longName.endsWith('.pdf')).toBe(true);
  expect(storedFileSchema.parse(await override.json()).name).toBe('Minutesfdp.exe.pdf');
  expect((await listed(server, 'events')).sort()).toEqual([longName, 'Minutesfdp.exe.pdf'].sort());
  expect(fs.readdirSync(server.dataDir).sort()).toEqual(
    ['files', 'server.lock', 'site.db', 'site.db-shm', 'site.db-wal', 'space-reserve', 'uploads-in-progress'].sort(),
  );
  expect(await listed(server, 'root')).toEqual([]);
});

test('an existing name is never replaced: 409, and the stored file stays as it was', async () => {
  const { server, upload } = await adminServer();
  await upload('newsletters', 'Spring.pdf', PDF);
  const other = Buffer.from(samplePdf('Another', ['different content']));

  const again = await upload('newsletters', 'Spring.pdf', other);
  const download = await fetch(`${server.baseUrl}/files/newsletters/Spring.pdf`);

  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({ error: { kind: 'conflict', message: API_MESSAGES.fileExists('Spring.pdf') } });
  expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
});

function cookieHeader(jar: { cookies: Map<string, string> }): string {
  return [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

function startRawUpload(server: TestServer, jar: { cookies: Map<string, string> }, name: string, totalBytes: number) {
  const { port } = new URL(server.baseUrl);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/files?${new URLSearchParams({ folder: 'root', name })}`,
    headers: { cookie: cookieHeader(jar), 'content-type': 'application/pdf', 'content-length': String(totalBytes) },
  });
  const response = new Promise<number>((resolve, reject) => {
    request.on('response', (incoming) => {
      incoming.resume();
      resolve(incoming.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  return { request, response };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('an upload aborted halfway leaves no file and no temporary file', async () => {
  const { server, jar } = await adminServer();
  const total = 4 * 1024 * 1024;
  const { request, response } = startRawUpload(server, jar, 'Half.pdf', total);
  response.catch(() => undefined);

  request.write(Buffer.concat([PDF, Buffer.alloc(total / 2 - PDF.byteLength)]));
  await expect.poll(() => temporaryFiles(server).length).toBe(1);
  request.destroy();

  await expect.poll(() => temporaryFiles(server)).toEqual([]);
  expect(await listed(server, 'root')).toEqual([]);
});

test('a large upload streams to a temporary file that grows as the bytes arrive, then moves into place', async () => {
  const { server, jar } = await adminServer();
  // A megabyte at a time: the server writes in batches of about that size (server/files/synced-file-writer.ts).
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const chunks = 8;
  const total = PDF.byteLength + chunk.byteLength * chunks;
  const { request, response } = startRawUpload(server, jar, 'Large.pdf', total);
  const temporarySize = () => {
    const [file] = temporaryFiles(server);
    return file === undefined ? 0 : fs.statSync(path.join(server.dataDir, 'uploads-in-progress', file)).size;
  };

  request.write(PDF);
  const sizes: number[] = [];
  // The last chunk completes the body, so the growth is watched over the ones before it.
  for (let index = 0; index < chunks - 1; index += 1) {
    request.write(chunk);
    await expect.poll(temporarySize).toBeGreaterThanOrEqual(PDF.byteLength + chunk.byteLength * (index + 1));
    sizes.push(temporarySize());
    await pause(10);
  }
  const listedWhileOpen = await listed(server, 'root');
  request.end(chunk);

  expect(await response).toBe(201);
  expect(sizes.every((size, index) => index === 0 || size > (sizes[index - 1] ?? 0))).toBe(true);
  expect(listedWhileOpen).toEqual([]);
  expect(await listed(server, 'root')).toEqual(['Large.pdf']);
  expect(fs.statSync(path.join(server.dataDir, 'files', 'Large.pdf')).size).toBe(total);
  expect(temporaryFiles(server)).toEqual([]);
});

test('a deleted file is gone; deleting it again, or a path outside the folders, is not found', async () => {
  const { server, jar, upload } = await adminServer();
  await upload('events', 'Fair.pdf', PDF);
  const remove = (fullPath: string) => jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ path: fullPath })}`, { method: 'DELETE' });

  const first = await remove('events/Fair.pdf');
  const second = await remove('events/Fair.pdf');
  const outside = await remove('../site.db');
  const nested = await remove('events/../../site.db');

  expect(first.status).toBe(204);
  expect(second.status).toBe(404);
  expect(await second.json()).toEqual({ error: { kind: 'not-found', message: API_MESSAGES.fileNotFound } });
  expect([outside.status, nested.status]).toEqual([404, 404]);
  expect(fs.existsSync(path.join(server.dataDir, 'site.db'))).toBe(true);
  expect(await listed(server, 'events')).toEqual([]);
});
