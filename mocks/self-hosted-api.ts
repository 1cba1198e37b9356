/**
 * MSW stand-in for the self-hosted server's API, for view tests and `npm run dev` without a
 * server. It speaks the wire format of contract/wire.ts and answers with the server's own
 * texts, keeping its state in memory. Error cases are added in a test with `server.use()`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { API_MESSAGES } from '../contract/api-messages';
import {
  API_PATHS,
  ERROR_STATUS,
  FILES_PREFIX,
  contactRequestSchema,
  credentialsSchema,
  errorBody,
  fileDownloadPath,
  folderSchema,
  postDraftSchema,
  uploadQuerySchema,
  type WireErrorKind,
  type WirePost,
  type WireReceivedContactMessage,
  type WireStoredFile,
  type WireUser,
} from '../contract/wire';
import { isAdministrator, normaliseEmail } from '../src-core/domain/administrator';
import { FILE_KINDS, SIGNATURE_BYTES, acceptedKind, describeAllowedKinds, kindFromName } from '../src-core/domain/file-types';
import { formatBytes, fullPathFor } from '../src-core/domain/files';
import { sortNewestFirst } from '../src-core/domain/news';
import { hasErrors, validateContact, validateLogin, validatePostDraft } from '../src-core/domain/validation';
import type { Folder } from '../src-core/domain/stored-file';
import { uploadName } from '../server/files/upload-name.rule';

export interface MockAccount {
  readonly email: string;
  readonly password: string;
}

export interface MockFile {
  readonly folder: Folder;
  readonly name: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly updatedAt: string;
}

export interface SelfHostedApiState {
  posts: WirePost[];
  files: MockFile[];
  accounts: MockAccount[];
  adminEmails: string[];
  /** E-mail of the signed-in account, or null. One browser, so one session. */
  signedInAs: string | null;
  maxBytes: number;
  /** What the server's disk has left, told to administrators; undefined leaves it out. */
  freeBytes?: number;
  contactMessages: WireReceivedContactMessage[];
}

export type SelfHostedApiSeed = Partial<SelfHostedApiState>;

const encoder = new TextEncoder();

/** Enough of a PDF for the server's content check; not a document anyone opens. */
export function mockPdfBytes(text = 'Sample'): Uint8Array<ArrayBuffer> {
  return encoder.encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);
}

export const MOCK_ADMIN: MockAccount = { email: 'admin@example.org', password: 'correct horse battery staple' };
export const MOCK_MEMBER: MockAccount = { email: 'member@example.org', password: 'another long passphrase' };

export function defaultSeed(): SelfHostedApiState {
  return {
    posts: [
      {
        id: '2',
        title: 'Annual General Meeting',
        body: 'Our AGM takes place in Dublin this spring.\nAll members are welcome.',
        publishedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        id: '1',
        title: 'Welcome to our new website',
        body: 'News from the association will appear here.',
        publishedAt: '2026-01-15T09:30:00.000Z',
      },
    ],
    files: [
      { folder: 'root', name: 'Membership Form.pdf', bytes: mockPdfBytes('form'), updatedAt: '2026-01-10T12:00:00.000Z' },
      { folder: 'events', name: 'Summer Outing.pdf', bytes: mockPdfBytes('event'), updatedAt: '2026-02-10T12:00:00.000Z' },
      { folder: 'newsletters', name: 'Spring Newsletter.pdf', bytes: mockPdfBytes('news'), updatedAt: '2026-03-10T12:00:00.000Z' },
    ],
    accounts: [MOCK_ADMIN, MOCK_MEMBER],
    adminEmails: [MOCK_ADMIN.email],
    signedInAs: null,
    maxBytes: 50 * 1024 * 1024,
    contactMessages: [],
  };
}

function fail(kind: WireErrorKind, message: string, status: number, extra: Parameters<typeof errorBody>[2] = {}) {
  return HttpResponse.json(errorBody(kind, message, extra), { status });
}

function invalid(fieldErrors: Record<string, string | undefined>) {
  const present = Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const message = Object.values(present)[0] ?? API_MESSAGES.invalidRequest;
  return fail('invalid-input', message, ERROR_STATUS['invalid-input'], { fieldErrors: present });
}

function contentTypeOf(name: string): string {
  const kind = kindFromName(name);
  return kind === null ? 'application/octet-stream' : FILE_KINDS[kind].mimeType;
}

function toStoredFile(file: MockFile): WireStoredFile {
  const fullPath = fullPathFor(file.folder, file.name);
  return {
    name: file.name,
    fullPath,
    url: fileDownloadPath(fullPath),
    size: file.bytes.byteLength,
    updatedAt: file.updatedAt,
    contentType: contentTypeOf(file.name),
  };
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The handlers and the state they share, so a test can look at what the screen changed. */
export function createSelfHostedApi(seed: SelfHostedApiSeed = {}): { handlers: HttpHandler[]; state: SelfHostedApiState } {
  const state: SelfHostedApiState = { ...defaultSeed(), ...seed };
  let nextPostId = state.posts.reduce((max, post) => Math.max(max, Number(post.id) || 0), 0) + 1;
  let nextMessageId = state.contactMessages.length + 1;

  function currentUser(): WireUser | null {
    if (state.signedInAs === null) return null;
    return { email: state.signedInAs, administrator: isAdministrator({ email: state.signedInAs }, state.adminEmails) };
  }

  /** null when the signed-in user is an administrator, else the refusal to send. */
  function refuseUnlessAdministrator() {
    const user = currentUser();
    if (user === null) return fail('not-authorised', API_MESSAGES.signInRequired, ERROR_STATUS['not-authorised']);
    if (!user.administrator) return fail('not-authorised', API_MESSAGES.forbidden, ERROR_STATUS.forbidden);
    return null;
  }

  function findPost(id: string | readonly string[] | undefined): WirePost | undefined {
    return state.posts.find((post) => post.id === id);
  }

  const handlers: HttpHandler[] = [
    http.get(`*${API_PATHS.posts}`, () => HttpResponse.json({ posts: sortNewestFirst(state.posts) })),

    http.get(`*${API_PATHS.post}`, ({ params }) => {
      const post = findPost(params.id);
      return post === undefined ? fail('not-found', API_MESSAGES.postNotFound, 404) : HttpResponse.json(post);
    }),

    http.post(`*${API_PATHS.posts}`, async ({ request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const draft = postDraftSchema.safeParse(await jsonBody(request));
      if (!draft.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validatePostDraft(draft.data);
      if (hasErrors(errors)) return invalid(errors);
      const post: WirePost = {
        id: String(nextPostId++),
        title: draft.data.title.trim(),
        body: draft.data.body.trim(),
        publishedAt: new Date().toISOString(),
      };
      state.posts = [post, ...state.posts];
      return HttpResponse.json(post, { status: 201 });
    }),

    http.put(`*${API_PATHS.post}`, async ({ request, params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const existing = findPost(params.id);
      if (existing === undefined) return fail('not-found', API_MESSAGES.postNotFound, 404);
      const draft = postDraftSchema.safeParse(await jsonBody(request));
      if (!draft.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validatePostDraft(draft.data);
      if (hasErrors(errors)) return invalid(errors);
      const updated: WirePost = {
        ...existing,
        title: draft.data.title.trim(),
        body: draft.data.body.trim(),
        updatedAt: new Date().toISOString(),
      };
      state.posts = state.posts.map((post) => (post.id === existing.id ? updated : post));
      return HttpResponse.json(updated);
    }),

    http.delete(`*${API_PATHS.post}`, ({ params }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const existing = findPost(params.id);
      if (existing === undefined) return fail('not-found', API_MESSAGES.postNotFound, 404);
      state.posts = state.posts.filter((post) => post !== existing);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`*${API_PATHS.fileLimits}`, () =>
      HttpResponse.json({
        maxBytes: state.maxBytes,
        ...(state.freeBytes !== undefined && currentUser()?.administrator === true ? { freeBytes: state.freeBytes } : {}),
      }),
    ),

    http.get(`*${API_PATHS.files}`, ({ request }) => {
      const folder = folderSchema.safeParse(new URL(request.url).searchParams.get('folder'));
      if (!folder.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const files = state.files
        .filter((file) => file.folder === folder.data)
        .map(toStoredFile)
        .sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json({ files });
    }),

    http.post(`*${API_PATHS.files}`, async ({ request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const query = uploadQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const { folder } = query.data;
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > state.maxBytes) {
        return fail('invalid-input', API_MESSAGES.fileTooLarge(formatBytes(state.maxBytes)), ERROR_STATUS['payload-too-large']);
      }
      if (bytes.byteLength === 0) return fail('invalid-input', API_MESSAGES.emptyFile, 400);
      const safe = uploadName(query.data.name);
      if (!safe.ok) return fail('invalid-input', safe.message, 400);
      if (acceptedKind(folder, safe.name, bytes.subarray(0, SIGNATURE_BYTES)) === null) {
        return fail('invalid-input', API_MESSAGES.wrongFileType(describeAllowedKinds(folder)), 400);
      }
      if (state.files.some((file) => file.folder === folder && file.name === safe.name)) {
        return fail('conflict', API_MESSAGES.fileExists(safe.name), 409);
      }
      const file: MockFile = { folder, name: safe.name, bytes, updatedAt: new Date().toISOString() };
      state.files = [...state.files, file];
      return HttpResponse.json(toStoredFile(file), { status: 201 });
    }),

    http.delete(`*${API_PATHS.files}`, ({ request }) => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      const path = new URL(request.url).searchParams.get('path');
      const existing = state.files.find((file) => fullPathFor(file.folder, file.name) === path);
      if (existing === undefined) return fail('not-found', API_MESSAGES.fileNotFound, 404);
      state.files = state.files.filter((file) => file !== existing);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get('*/files/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!path.startsWith(FILES_PREFIX)) return undefined;
      const file = state.files.find((candidate) => path.endsWith(toStoredFile(candidate).url));
      if (file === undefined) return fail('not-found', API_MESSAGES.fileNotFound, 404);
      return new HttpResponse(file.bytes.slice().buffer, {
        headers: { 'content-type': contentTypeOf(file.name), 'x-content-type-options': 'nosniff' },
      });
    }),

    http.get(`*${API_PATHS.session}`, () => HttpResponse.json({ user: currentUser() })),

    http.post(`*${API_PATHS.session}`, async ({ request }) => {
      const credentials = credentialsSchema.safeParse(await jsonBody(request));
      if (!credentials.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validateLogin(credentials.data);
      if (hasErrors(errors)) return invalid(errors);
      const email = normaliseEmail(credentials.data.email);
      const account = state.accounts.find((candidate) => normaliseEmail(candidate.email) === email);
      if (account === undefined || account.password !== credentials.data.password) {
        return fail('not-authorised', API_MESSAGES.signInFailed, 401);
      }
      state.signedInAs = email;
      return HttpResponse.json(currentUser());
    }),

    http.delete(`*${API_PATHS.session}`, () => {
      state.signedInAs = null;
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(`*${API_PATHS.contact}`, async ({ request }) => {
      const contact = contactRequestSchema.safeParse(await jsonBody(request));
      if (!contact.success) return fail('invalid-input', API_MESSAGES.invalidRequest, 400);
      const errors = validateContact(contact.data);
      if (hasErrors(errors)) return invalid(errors);
      if ((contact.data.website ?? '') === '') {
        state.contactMessages = [
          {
            id: String(nextMessageId++),
            name: contact.data.name.trim(),
            email: contact.data.email.trim(),
            message: contact.data.message.trim(),
            receivedAt: new Date().toISOString(),
            delivery: 'pending',
            attempts: 0,
          },
          ...state.contactMessages,
        ];
      }
      return new HttpResponse(null, { status: 202 });
    }),

    http.get(`*${API_PATHS.contactMessages}`, () => {
      const refusal = refuseUnlessAdministrator();
      if (refusal !== null) return refusal;
      return HttpResponse.json({ messages: state.contactMessages });
    }),
  ];

  return { handlers, state };
}

export function createSelfHostedApiHandlers(seed: SelfHostedApiSeed = {}): HttpHandler[] {
  return createSelfHostedApi(seed).handlers;
}
