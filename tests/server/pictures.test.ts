import fs from 'node:fs';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { expect, test, vi } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { pictureStateSchema, postSchema } from '../../contract/wire';
import { pictureWidths } from '../../src-core/domain/post-picture';
import { listStoredFiles } from '../../server/backup/stored-files';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { startTestServer, temporaryDir } from './helpers/test-server';

async function editor() {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const call = (method: string, address: string, body?: unknown) => jar.fetch(server.baseUrl + address, { method, ...(body === undefined ? {} : json(body)) });
  const upload = (bytes: Buffer, type = 'image/jpeg') =>
    jar.fetch(`${server.baseUrl}/api/pictures`, { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(bytes) });
  const picturesOnDisk = () => fs.readdirSync(path.join(server.dataDir, 'files', 'pictures')).sort();
  return { server, call, upload, picturesOnDisk };
}

/** A phone's photograph as it comes off the phone: 12 MP of fine detail, held sideways, with where it was taken. */
function phonePhotograph(): Promise<Buffer> {
  return sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 56 } } })
    .jpeg({ quality: 96 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 20/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '6/1 15/1 0/1' },
    })
    // The camera stored it sideways and says so: the picture is 3024 wide and 4032 high upright.
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The picture's state once prepared: a busy machine may respond before it is (202), so the queue is waited for. */
async function preparedState({ server, call }: Awaited<ReturnType<typeof editor>>, response: Response) {
  const first = pictureStateSchema.parse(await response.json());
  if (first.state !== 'preparing') return first;
  await server.app.pictures.idle();
  return pictureStateSchema.parse(await (await call('GET', `/api/pictures/${first.id}`)).json());
}

async function readyPicture(upload: (bytes: Buffer) => Promise<Response>): Promise<{ id: string; width: number; height: number }> {
  const response = await upload(await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } }).png().toBuffer());
  const state = pictureStateSchema.parse(await response.json());
  if (state.state !== 'ready') throw new Error(`The picture is ${state.state}.`);
  return state;
}

test('a 12 MB phone photograph with its location becomes upright sizes under 200 KB with no location or other metadata left', { timeout: 120_000 }, async () => {
  const site = await editor();
  const { server, upload, picturesOnDisk } = site;
  const photograph = await phonePhotograph();
  expect(photograph.byteLength).toBeGreaterThan(12_000_000);
  expect(await exifr.gps(photograph)).toMatchObject({ latitude: expect.closeTo(53.34, 1) });

  const response = await upload(photograph);
  const state = await preparedState(site, response);

  expect([201, 202]).toContain(response.status);
  expect(state).toEqual({ id: expect.any(String), state: 'ready', width: 1600, height: 2133 });
  const made = picturesOnDisk();
  expect(made).toEqual(pictureWidths(1600).flatMap((width) => [`${state.id}-${width}.jpg`, `${state.id}-${width}.webp`]).sort());
  for (const name of made) {
    const bytes = fs.readFileSync(path.join(server.dataDir, 'files', 'pictures', name));
    const served = await fetch(`${server.baseUrl}/pictures/${name}`);
    expect(bytes.byteLength, name).toBeLessThan(200 * 1000);
    if (name.endsWith('.jpg')) {
      expect(await exifr.parse(bytes, true), name).toBeUndefined();
      expect(await exifr.gps(bytes), name).toBeUndefined();
    } else {
      // exifr does not read WebP: its EXIF and XMP chunks would be named in the file.
      expect(bytes.includes('EXIF'), name).toBe(false);
      expect(bytes.includes('XMP '), name).toBe(false);
    }
    const metadata = await sharp(bytes).metadata();
    expect(metadata.height, name).toBeGreaterThan(metadata.width);
    expect([metadata.exif, metadata.xmp, metadata.orientation], name).toEqual([undefined, undefined, undefined]);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  }
});

/**
 * A real HEIC photograph as phones save them (HEVC), 4 KB: a synthetic drawing (a sky, a sun, a
 * house) with a camera's make and a location in its EXIF, encoded by libheif's heif-enc
 * (Debian's libheif-examples: `heif-enc -q 40 drawing.jpg -o synthetic-photograph.heic`), since
 * the prebuilt sharp cannot write HEVC.
 */
const HEIC_PHOTOGRAPH = path.join(import.meta.dirname, 'fixtures', 'synthetic-photograph.heic');

test("a phone's HEIC photograph becomes WebP and JPEG sizes of the same picture with no location or other metadata left", { timeout: 60_000 }, async () => {
  const site = await editor();
  const { server, upload, picturesOnDisk } = site;
  const photograph = fs.readFileSync(HEIC_PHOTOGRAPH);
  const original = await sharp(photograph).metadata();

  const response = await upload(photograph, 'image/heic');
  const state = await preparedState(site, response);

  expect([original.format, original.compression]).toEqual(['heif', 'hevc']);
  expect(await exifr.gps(original.exif ?? Buffer.alloc(0))).toMatchObject({ latitude: expect.closeTo(53.34, 1) });
  expect(state).toEqual({ id: expect.any(String), state: 'ready', width: 1200, height: 900 });
  const made = picturesOnDisk();
  expect(made).toEqual(pictureWidths(1200).flatMap((width) => [`${state.id}-${width}.jpg`, `${state.id}-${width}.webp`]).sort());
  for (const name of made) {
    const bytes = fs.readFileSync(path.join(server.dataDir, 'files', 'pictures', name));
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, name).toBe(name.endsWith('.jpg') ? 'jpeg' : 'webp');
    expect([metadata.exif, metadata.xmp, metadata.icc], name).toEqual([undefined, undefined, undefined]);
    expect(bytes.includes('Camera'), name).toBe(false);
    // The picture itself came through: the sun, high on the right, is yellow in a blue sky.
    const { data, info } = await sharp(bytes).resize(12, 9, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const redOverBlue = (x: number, y: number) => (data[(y * info.width + x) * info.channels] ?? 0) - (data[(y * info.width + x) * info.channels + 2] ?? 0);
    expect(redOverBlue(9, 2), name).toBeGreaterThan(60);
    expect(redOverBlue(1, 0), name).toBeLessThan(-60);
  }
});

test('a picture being prepared when the server stopped is refused after the restart with a message for the editor, and nothing half made is kept', async () => {
  const site = await editor();
  const { server, upload } = site;
  const uploaded = upload(await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer());
  const id = await vi.waitFor(
    () => {
      const row = server.app.db.prepare<[], { id: string }>("SELECT id FROM pictures WHERE state = 'preparing'").get();
      if (row === undefined) throw new Error('The upload is not stored yet.');
      return row.id;
    },
    { timeout: 60_000, interval: 5 },
  );
  // The data directory as a power cut at this moment leaves it: the copy runs on this thread, so
  // the server cannot record the picture as ready while it is made.
  const crashed = temporaryDir('crashed');
  fs.cpSync(server.dataDir, crashed, { recursive: true });
  const stateWhenCopied = server.app.pictures.get(id)?.state;
  // A size the preparer was writing when the power went.
  fs.writeFileSync(path.join(crashed, 'files', 'pictures', `${id}-480.webp`), Buffer.from('RIFF half a size'));
  await uploaded;
  await server.close();

  const restarted = await startTestServer({ env: ADMIN_ENV, dataDir: crashed });
  const jar = await signedIn(restarted.baseUrl, ADMIN);
  const state = await jar.fetch(`${restarted.baseUrl}/api/pictures/${id}`);
  const saved = await jar.fetch(`${restarted.baseUrl}/api/posts`, { method: 'POST', ...json({ title: 'Garden party', body: 'Sun', picture: { id, alt: 'Members in the garden', decorative: false } }) });
  await restarted.app.pictures.idle();

  expect(stateWhenCopied).toBe('preparing');
  expect(await state.json()).toEqual({ id, state: 'refused', refusal: 'The website restarted while preparing this picture. Please attach it again.' });
  expect(saved.status).toBe(400);
  expect(await saved.json()).toMatchObject({ error: { message: API_MESSAGES.pictureRefused } });
  expect(fs.readdirSync(path.join(crashed, 'files', 'pictures')).filter((name) => name.startsWith(id))).toEqual([]);
  expect(fs.readdirSync(path.join(crashed, 'uploads-in-progress'))).toEqual([]);
});

test('a text file named .jpg is refused as not a picture, and nothing is kept', async () => {
  const { upload, picturesOnDisk, server } = await editor();

  const response = await upload(Buffer.from('Minutes of the committee meeting\nApologies: none\n'));

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { message: 'This file is not a picture the website can read. Please choose a JPEG, PNG, WebP or HEIC photograph.' } });
  expect(picturesOnDisk()).toEqual([]);
  expect(fs.readdirSync(path.join(server.dataDir, 'uploads-in-progress'))).toEqual([]);
});

test('a file that starts as a HEIC photograph does but holds no picture is refused as not a picture', async () => {
  const { upload } = await editor();
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');

  const response = await upload(Buffer.concat([box, Buffer.from('not the rest of a photograph')]), 'image/heic');

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { message: 'This file is not a picture the website can read. Please choose a JPEG, PNG, WebP or HEIC photograph.' } });
});

test('an SVG drawing is refused: only photographs are shown with posts', async () => {
  const { upload } = await editor();

  const response = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'application/octet-stream');

  expect(response.status).toBe(400);
});

test('a post with a picture that is neither described nor marked decorative is refused by the server', async () => {
  const { call, upload } = await editor();
  const picture = await readyPicture(upload);

  const response = await call('POST', '/api/posts', { title: 'Garden party', body: 'Photos inside', picture: { id: picture.id, alt: '  ', decorative: false } });
  const posts = await (await call('GET', '/api/posts')).json();

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: { fieldErrors: { pictureAlt: "Please describe the picture for people who cannot see it, or tick 'The picture is only decoration'." } },
  });
  expect(posts).toEqual({ posts: [] });
});

test('a described picture is shown with its post, a decorative one with an empty description, and a picture not yet uploaded is refused', async () => {
  const { call, upload } = await editor();
  const first = await readyPicture(upload);
  const second = await readyPicture(upload);

  const described = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Garden party', body: 'Sun', picture: { id: first.id, alt: ' Members at the garden party ', decorative: false } })).json());
  const decorative = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Notice', body: 'Dates', picture: { id: second.id, alt: 'ignored', decorative: true } })).json());
  const unknown = await call('POST', '/api/posts', { title: 'Other', body: 'Text', picture: { id: 'a'.repeat(24), alt: 'Something', decorative: false } });

  expect(described.picture).toEqual({ id: first.id, alt: 'Members at the garden party', decorative: false, width: 1200, height: 800 });
  expect(decorative.picture).toEqual({ id: second.id, alt: '', decorative: true, width: 1200, height: 800 });
  expect(unknown.status).toBe(400);
  expect(await unknown.json()).toMatchObject({ error: { message: API_MESSAGES.pictureNotFound } });
});

test('erasing a post removes its picture, and replacing a picture removes the old one', async () => {
  const { call, upload, picturesOnDisk } = await editor();
  const first = await readyPicture(upload);
  const second = await readyPicture(upload);
  const post = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Outing', body: 'Bus', picture: { id: first.id, alt: 'The bus', decorative: false } })).json());

  await call('PUT', `/api/posts/${post.id}`, { title: 'Outing', body: 'Bus', picture: { id: second.id, alt: 'The lake', decorative: false } });
  const afterReplace = picturesOnDisk();
  await call('DELETE', `/api/posts/${post.id}`);

  expect(afterReplace.every((name) => name.startsWith(second.id))).toBe(true);
  expect(afterReplace).toHaveLength(6);
  expect(picturesOnDisk()).toEqual([]);
  expect((await fetch(`${(await call('GET', '/api/posts')).url.replace('/api/posts', '')}/pictures/${second.id}-960.webp`)).status).toBe(404);
});

test("a picture's sizes are among the files a backup copies", async () => {
  const { server, upload } = await editor();
  const picture = await readyPicture(upload);

  const { files } = await listStoredFiles(path.join(server.dataDir, 'files'));

  expect(files).toEqual(expect.arrayContaining(pictureWidths(picture.width).flatMap((width) => [`pictures/${picture.id}-${width}.jpg`, `pictures/${picture.id}-${width}.webp`])));
});

test('only administrators upload pictures', async () => {
  const { server } = await editor();

  const response = await fetch(`${server.baseUrl}/api/pictures`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array([1, 2, 3]) });

  expect(response.status).toBe(401);
});
