/**
 * MSW stand-in for the Firebase Storage REST API (firebasestorage.googleapis.com/v0), speaking
 * the protocol the JS SDK uses: listing with prefix, delimiter, maxResults and pageToken; object
 * metadata with download tokens; downloads with alt=media; multipart uploads (up to 256 KiB) and
 * resumable ones (X-Goog-Upload-Command start, upload, 'upload, finalize', query); deletes.
 * Writes follow the same policy as storage.rules: only a signed-in administrator with a verified
 * e-mail may create a file (never replace one) or delete one, with the allowed types and size,
 * and change the custom metadata (event details) of an event file without replacing it (PATCH,
 * where a key set to null is removed, as Cloud Storage does).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { RULES_MAX_UPLOAD_MB } from '../adapters/hosted/hosted-env';
import { isAdministrator } from '../src-core/domain/administrator';
import { FILE_KINDS, allowedKindsFor, kindFromName } from '../src-core/domain/file-types';
import { folderOfPath } from '../src-core/domain/files';
import { EVENT_METADATA_KEYS } from '../adapters/firebase/event-metadata';
import { EVENT_LIMITS } from '../src-core/domain/event-details';
import { claimsOf, type TokenClaims } from './firebase-auth';

export const FIREBASE_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

export interface SeedObject {
  /** 'Join form.pdf' at the root, 'events/Dinner.pdf' in a folder. */
  readonly fullPath: string;
  readonly bytes?: Uint8Array;
  readonly contentType?: string;
  readonly updatedAt?: string;
  /** Custom metadata, e.g. an event's details. */
  readonly customMetadata?: Readonly<Record<string, string>>;
}

export interface FirebaseStorageFakeOptions {
  readonly bucket: string;
  readonly adminEmails: readonly string[];
  readonly objects?: readonly SeedObject[];
  /** Called before each resumable chunk is accepted; a test may wait here to hold an upload. */
  readonly beforeChunk?: (chunk: { readonly fullPath: string; readonly offset: number }) => Promise<void> | void;
}

interface StoredObject {
  readonly fullPath: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly timeCreated: string;
  readonly updated: string;
  readonly generation: string;
  readonly metageneration: number;
  readonly token: string;
  readonly customMetadata: Readonly<Record<string, string>>;
}

interface UploadSession {
  readonly fullPath: string;
  readonly contentType: string;
  readonly size: number;
  readonly customMetadata: Readonly<Record<string, string>>;
  readonly claims: TokenClaims | null;
  readonly chunks: Uint8Array[];
  received: number;
  finalized: boolean;
}

export interface FirebaseStorageFake {
  readonly handlers: HttpHandler[];
  /** Stores an object directly, as the Firebase console would. */
  put(seed: SeedObject): void;
  /** Full paths of the stored objects, sorted. */
  paths(): string[];
  /** The stored bytes of one object, or undefined. */
  read(fullPath: string): Uint8Array | undefined;
  /** Every resumable chunk received, in order. */
  readonly chunks: { readonly fullPath: string; readonly offset: number; readonly bytes: number }[];
  /** The token in one object's download address, as getDownloadURL gives it, or undefined. */
  downloadToken(fullPath: string): string | undefined;
  /** One object's custom metadata, or undefined when there is no such object. */
  customMetadata(fullPath: string): Readonly<Record<string, string>> | undefined;
}

/** The longest value storage.rules let each event metadata key hold. */
const METADATA_LIMITS: Readonly<Record<string, number>> = {
  [EVENT_METADATA_KEYS.title]: EVENT_LIMITS.title,
  [EVENT_METADATA_KEYS.start]: 16,
  [EVENT_METADATA_KEYS.end]: 16,
  [EVENT_METADATA_KEYS.allDay]: 4,
  [EVENT_METADATA_KEYS.timeZone]: 64,
  [EVENT_METADATA_KEYS.venue]: EVENT_LIMITS.venue,
  [EVENT_METADATA_KEYS.town]: EVENT_LIMITS.town,
  [EVENT_METADATA_KEYS.description]: EVENT_LIMITS.description,
};

/** The same judgement storage.rules make of custom metadata: only event files carry it, known keys, bounded lengths. */
function metadataAllowed(fullPath: string, custom: Readonly<Record<string, string>>): boolean {
  const entries = Object.entries(custom);
  if (entries.length === 0) return true;
  if (folderOfPath(fullPath) !== 'events') return false;
  return entries.every(([key, value]) => {
    const limit = METADATA_LIMITS[key];
    if (limit === undefined || typeof value !== 'string' || value.length > limit) return false;
    if (key === EVENT_METADATA_KEYS.allDay) return value === 'true';
    if (key === EVENT_METADATA_KEYS.start || key === EVENT_METADATA_KEYS.end) return /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value);
    return true;
  });
}

/** The `metadata` field of an upload's or a PATCH's JSON body. */
function customMetadataOf(body: unknown): Record<string, string | null> {
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return {};
  const metadata = (body as { metadata: unknown }).metadata;
  return typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, string | null>) : {};
}

function withoutNulls(metadata: Readonly<Record<string, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const MAX_BYTES = RULES_MAX_UPLOAD_MB * 1024 * 1024;
const EXPOSED = 'X-Goog-Upload-URL, X-Goog-Upload-Status, X-Goog-Upload-Size-Received, X-Goog-Upload-Chunk-Granularity';
const encoder = new TextEncoder();

/** A few bytes a PDF reader recognises by their start; enough for a fake. */
export function samplePdfBytes(title: string): Uint8Array {
  return encoder.encode(`%PDF-1.4\n% ${title}\n%%EOF\n`);
}

const collectionUrl = new RegExp(`^${FIREBASE_STORAGE_ORIGIN.replace(/[./]/g, '\\$&')}/v0/b/([^/?]+)/o(?:\\?|$)`);
const objectUrl = new RegExp(`^${FIREBASE_STORAGE_ORIGIN.replace(/[./]/g, '\\$&')}/v0/b/([^/?]+)/o/([^?]+)`);

function errorResponse(status: number, message: string): HttpResponse<Record<string, unknown>> {
  return HttpResponse.json({ error: { code: status, message } }, { status, headers: { 'Access-Control-Expose-Headers': EXPOSED } });
}

const notFound = () => errorResponse(404, 'Not Found.');
const permissionDenied = () => errorResponse(403, 'Permission denied.');

function claimsFrom(request: Request): TokenClaims | null {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Firebase ') ? claimsOf(header.slice('Firebase '.length)) : null;
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let start = from; start <= haystack.length - needle.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

/** The metadata part and the file part of a multipart/related upload body. */
function parseMultipart(body: Uint8Array, boundary: string): { metadata: unknown; contentType: string; bytes: Uint8Array } | null {
  const separator = encoder.encode(`--${boundary}`);
  const headerEnd = encoder.encode('\r\n\r\n');
  const first = indexOf(body, separator);
  const metadataStart = indexOf(body, headerEnd, first) + headerEnd.length;
  const second = indexOf(body, encoder.encode(`\r\n--${boundary}`), metadataStart);
  const partHeaderEnd = indexOf(body, headerEnd, second + 2);
  const closing = indexOf(body, encoder.encode(`\r\n--${boundary}--`), partHeaderEnd);
  if (first < 0 || second < 0 || partHeaderEnd < 0 || closing < 0) return null;
  const partHeaders = new TextDecoder().decode(body.slice(second, partHeaderEnd));
  const contentType = /content-type:\s*([^\r\n]+)/i.exec(partHeaders)?.[1]?.trim() ?? 'application/octet-stream';
  try {
    const metadata: unknown = JSON.parse(new TextDecoder().decode(body.slice(metadataStart, second)));
    return { metadata, contentType, bytes: body.slice(partHeaderEnd + headerEnd.length, closing) };
  } catch {
    return null;
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

export function createFirebaseStorageFake(options: FirebaseStorageFakeOptions): FirebaseStorageFake {
  const objects = new Map<string, StoredObject>();
  const sessions = new Map<string, UploadSession>();
  const chunkLog: { fullPath: string; offset: number; bytes: number }[] = [];
  // Seeded files without a date of their own get distinct times a second apart; an upload is
  // stamped with the time it was made, as the service stamps it.
  let clock = Date.parse('2026-01-01T00:00:00.000Z');

  function store(
    fullPath: string,
    bytes: Uint8Array,
    contentType: string,
    updatedAt?: string,
    customMetadata: Readonly<Record<string, string>> = {},
  ): StoredObject {
    clock += 1000;
    const time = updatedAt ?? new Date(clock).toISOString();
    const object = {
      fullPath,
      bytes,
      contentType,
      timeCreated: time,
      updated: time,
      generation: String(Date.parse(time) * 1000),
      metageneration: 1,
      token: crypto.randomUUID(),
      customMetadata,
    };
    objects.set(fullPath, object);
    return object;
  }

  function put(seed: SeedObject): void {
    const kind = kindFromName(seed.fullPath);
    store(
      seed.fullPath,
      seed.bytes ?? samplePdfBytes(seed.fullPath),
      seed.contentType ?? (kind === null ? 'application/octet-stream' : FILE_KINDS[kind].mimeType),
      seed.updatedAt,
      seed.customMetadata,
    );
  }

  for (const seed of options.objects ?? []) put(seed);

  /** The same decision storage.rules make for a create. */
  function isAdmin(claims: TokenClaims | null): boolean {
    return claims !== null && isAdministrator({ email: claims.email, emailVerified: claims.email_verified }, options.adminEmails);
  }

  function mayCreate(
    claims: TokenClaims | null,
    fullPath: string,
    contentType: string,
    size: number,
    custom: Readonly<Record<string, string>> = {},
  ): boolean {
    const folder = folderOfPath(fullPath);
    const kind = kindFromName(fullPath);
    return (
      claims !== null &&
      isAdministrator({ email: claims.email, emailVerified: claims.email_verified }, options.adminEmails) &&
      folder !== null &&
      kind !== null &&
      allowedKindsFor(folder).includes(kind) &&
      FILE_KINDS[kind].mimeType === contentType &&
      size > 0 &&
      size <= MAX_BYTES &&
      metadataAllowed(fullPath, custom) &&
      !objects.has(fullPath)
    );
  }

  function metadataOf(object: StoredObject) {
    const name = object.fullPath.split('/').pop() ?? object.fullPath;
    return {
      name: object.fullPath,
      bucket: options.bucket,
      generation: object.generation,
      metageneration: String(object.metageneration),
      contentType: object.contentType,
      timeCreated: object.timeCreated,
      updated: object.updated,
      storageClass: 'STANDARD',
      size: String(object.bytes.length),
      contentEncoding: 'identity',
      contentDisposition: `inline; filename*=utf-8''${encodeURIComponent(name)}`,
      etag: `fake${object.generation}`,
      downloadTokens: object.token,
      ...(Object.keys(object.customMetadata).length === 0 ? {} : { metadata: { ...object.customMetadata } }),
    };
  }

  function list(url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const delimiter = url.searchParams.get('delimiter') ?? '';
    const maxResults = Math.min(Number(url.searchParams.get('maxResults') ?? 1000), 1000);
    const after = url.searchParams.get('pageToken');
    if (!Number.isInteger(maxResults) || maxResults < 1) return errorResponse(400, 'Invalid maxResults.');
    const prefixes = new Set<string>();
    const items: string[] = [];
    for (const path of [...objects.keys()].sort()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const cut = delimiter === '' ? -1 : rest.indexOf(delimiter);
      if (cut >= 0) prefixes.add(prefix + rest.slice(0, cut + delimiter.length));
      else items.push(path);
    }
    const start = after === null ? 0 : items.findIndex((path) => path > atob(after));
    const page = start < 0 ? [] : items.slice(start, start + maxResults);
    const last = page.at(-1);
    const more = start >= 0 && start + maxResults < items.length && last !== undefined;
    return HttpResponse.json({
      prefixes: after === null ? [...prefixes] : [],
      items: page.map((name) => ({ name, bucket: options.bucket })),
      ...(more ? { nextPageToken: btoa(last) } : {}),
    });
  }

  async function startOrContinueUpload(request: Request, url: URL) {
    const uploadId = url.searchParams.get('upload_id');
    if (uploadId !== null) return continueUpload(request, uploadId);
    const protocol = request.headers.get('x-goog-upload-protocol');
    const fullPath = url.searchParams.get('name') ?? '';
    const claims = claimsFrom(request);
    if (protocol === 'multipart') {
      const boundary = /boundary=([^;]+)/.exec(request.headers.get('content-type') ?? '')?.[1];
      const parts = boundary === undefined ? null : parseMultipart(new Uint8Array(await request.arrayBuffer()), boundary);
      if (parts === null) return errorResponse(400, 'Invalid multipart request.');
      const custom = withoutNulls(customMetadataOf(parts.metadata));
      if (!mayCreate(claims, fullPath, parts.contentType, parts.bytes.length, custom)) return permissionDenied();
      return HttpResponse.json(metadataOf(store(fullPath, parts.bytes, parts.contentType, new Date().toISOString(), custom)));
    }
    if (protocol === 'resumable' && request.headers.get('x-goog-upload-command') === 'start') {
      const size = Number(request.headers.get('x-goog-upload-header-content-length'));
      const contentType = request.headers.get('x-goog-upload-header-content-type') ?? '';
      const custom = withoutNulls(customMetadataOf(await request.json().catch(() => null)));
      if (!mayCreate(claims, fullPath, contentType, size, custom)) return permissionDenied();
      const id = randomId();
      sessions.set(id, { fullPath, contentType, size, customMetadata: custom, claims, chunks: [], received: 0, finalized: false });
      const uploadUrl = `${FIREBASE_STORAGE_ORIGIN}/v0/b/${encodeURIComponent(options.bucket)}/o?name=${encodeURIComponent(fullPath)}&uploadType=resumable&upload_id=${id}&upload_protocol=resumable`;
      return new HttpResponse(null, {
        status: 200,
        headers: {
          'X-Goog-Upload-Status': 'active',
          'X-Goog-Upload-URL': uploadUrl,
          'X-Goog-Upload-Chunk-Granularity': '262144',
          'Access-Control-Expose-Headers': EXPOSED,
        },
      });
    }
    return errorResponse(400, 'Unsupported upload protocol.');
  }

  async function continueUpload(request: Request, uploadId: string) {
    const session = sessions.get(uploadId);
    if (session === undefined) return notFound();
    const command = (request.headers.get('x-goog-upload-command') ?? '').split(',').map((part) => part.trim());
    const status = (state: string, extra: Record<string, string> = {}) => ({
      'X-Goog-Upload-Status': state,
      'Access-Control-Expose-Headers': EXPOSED,
      ...extra,
    });
    if (command.includes('query')) {
      return new HttpResponse(null, {
        headers: status(session.finalized ? 'final' : 'active', { 'X-Goog-Upload-Size-Received': String(session.received) }),
      });
    }
    if (command.includes('upload')) {
      const offset = Number(request.headers.get('x-goog-upload-offset'));
      await options.beforeChunk?.({ fullPath: session.fullPath, offset });
      const bytes = new Uint8Array(await request.arrayBuffer());
      // Checked once the chunk has arrived, as the service does: a chunk held on the way (one the
      // SDK gave up on when pausing) and the one sent again after resuming may both start at the
      // same offset, and only the first to arrive may count.
      if (offset !== session.received) return errorResponse(400, 'Invalid upload offset.');
      session.chunks.push(bytes);
      session.received += bytes.length;
      chunkLog.push({ fullPath: session.fullPath, offset, bytes: bytes.length });
    }
    if (!command.includes('finalize')) return new HttpResponse(null, { headers: status('active') });
    if (session.received !== session.size) return errorResponse(400, 'The upload is incomplete.');
    // Checked again at the end: another upload may have taken the name meanwhile.
    if (!mayCreate(session.claims, session.fullPath, session.contentType, session.size, session.customMetadata)) return permissionDenied();
    // The session stays, as the service's does: a query after the end gets 'final' with every
    // byte received. The SDK asks that when it resumes after a pause that gave up on the last
    // piece, which may have reached the service and ended the upload.
    session.finalized = true;
    const object = store(session.fullPath, concat(session.chunks), session.contentType, new Date().toISOString(), session.customMetadata);
    return HttpResponse.json(metadataOf(object), { headers: status('final') });
  }

  const handlers = [
    http.get(collectionUrl, ({ request }) => list(new URL(request.url))),
    http.post(collectionUrl, ({ request }) => startOrContinueUpload(request, new URL(request.url))),
    http.get(objectUrl, ({ request }) => {
      const url = new URL(request.url);
      const [, , encodedPath = ''] = objectUrl.exec(request.url) ?? [];
      const object = objects.get(decodeURIComponent(encodedPath));
      if (object === undefined || folderOfPath(object.fullPath) === null) return notFound();
      if (url.searchParams.get('alt') === 'media') {
        return new HttpResponse(object.bytes.slice().buffer, {
          headers: { 'content-type': object.contentType, 'content-disposition': metadataOf(object).contentDisposition },
        });
      }
      return HttpResponse.json(metadataOf(object));
    }),
    // updateMetadata: only custom metadata changes here; the bytes, type and name never do.
    http.patch(objectUrl, async ({ request }) => {
      const [, , encodedPath = ''] = objectUrl.exec(request.url) ?? [];
      const fullPath = decodeURIComponent(encodedPath);
      const object = objects.get(fullPath);
      if (!isAdmin(claimsFrom(request)) || folderOfPath(fullPath) === null) return permissionDenied();
      if (object === undefined) return notFound();
      const body: unknown = await request.json().catch(() => null);
      const changes = customMetadataOf(body);
      const merged = withoutNulls({ ...object.customMetadata, ...changes });
      const contentType = (body as { contentType?: unknown } | null)?.contentType;
      if (!metadataAllowed(fullPath, merged) || (contentType !== undefined && contentType !== object.contentType)) return permissionDenied();
      clock += 1000;
      const updated: StoredObject = {
        ...object,
        customMetadata: merged,
        metageneration: object.metageneration + 1,
        updated: new Date(clock).toISOString(),
      };
      objects.set(fullPath, updated);
      return HttpResponse.json(metadataOf(updated));
    }),
    http.delete(objectUrl, ({ request }) => {
      const [, , encodedPath = ''] = objectUrl.exec(request.url) ?? [];
      const fullPath = decodeURIComponent(encodedPath);
      const claims = claimsFrom(request);
      const administrator = claims !== null && isAdministrator({ email: claims.email, emailVerified: claims.email_verified }, options.adminEmails);
      if (!administrator || folderOfPath(fullPath) === null) return permissionDenied();
      if (!objects.delete(fullPath)) return notFound();
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    put,
    paths: () => [...objects.keys()].sort(),
    read: (fullPath) => objects.get(fullPath)?.bytes,
    chunks: chunkLog,
    downloadToken: (fullPath) => objects.get(fullPath)?.token,
    customMetadata: (fullPath) => objects.get(fullPath)?.customMetadata,
  };
}

/** Every Storage request gets a response with this status from now on, e.g. 402 for a full bucket or 503. */
export function firebaseStorageOutage(status: number): HttpHandler[] {
  const message = status === 402 ? 'Quota exceeded.' : 'Service unavailable.';
  return [
    http.all(collectionUrl, () => errorResponse(status, message)),
    http.all(objectUrl, () => errorResponse(status, message)),
  ];
}

/**
 * Storage cannot be reached at all: every request fails as a refused connection does, or, with
 * 'silent', never gets a response (a connection that hangs).
 */
export function firebaseStorageUnreachable(how: 'refused' | 'silent' = 'refused'): HttpHandler[] {
  const respond = () => (how === 'refused' ? HttpResponse.error() : new Promise<never>(() => undefined));
  return [http.all(collectionUrl, respond), http.all(objectUrl, respond)];
}

/**
 * Listings of one folder ('' for the root, 'events/' for a folder) get this status, or
 * have their connection dropped, for as long as `isDown()` says so; every other request reaches the fake.
 */
export function firebaseStorageListingFailure(prefix: string, status: number | 'network', isDown: () => boolean = () => true): HttpHandler {
  return http.get(collectionUrl, ({ request }) => {
    const listed = new URL(request.url).searchParams.get('prefix') ?? '';
    if (listed !== prefix || !isDown()) return undefined;
    return status === 'network' ? HttpResponse.error() : errorResponse(status, 'Service unavailable.');
  });
}
