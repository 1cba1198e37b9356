import { fileInWords } from '../audit/audit-wording';
import fsp from 'node:fs/promises';
import { API_MESSAGES } from '../../contract/api-messages';
import {
  API_PATHS,
  deleteFileQuerySchema,
  fileLimitsSchema,
  fileListQuerySchema,
  fileListSchema,
  storedFileSchema,
  uploadQuerySchema,
} from '../../contract/wire';
import { FILE_KINDS, allowedKindsFor, describeAllowedKinds, kindFromName } from '../../src-core/domain/file-types';
import { folderOfPath, formatBytes, sanitiseFileName } from '../../src-core/domain/files';
import { storageFaultOf } from '../db/storage-fault';
import { checkEventDetailsText } from '../events/event-details.rule';
import type { SaveResult } from '../files/file-store';
import { uploadName } from '../files/upload-name.rule';
import { apiError } from '../http/api-error';
import { emptyBody, errorResponses, type ApiInstance } from '../http/zod-schemas';
import { FILE_AREAS } from '../../src-core/domain/roles';
import { branchForChange, requireArea, requireFileArea, requireRecordBranch } from '../plugins/auth.plugin';
import { chosenBranch } from './branch-choice';

export async function filesReadRoutes(app: ApiInstance): Promise<void> {
  app.get(
    API_PATHS.files,
    { schema: { querystring: fileListQuerySchema, response: { 200: fileListSchema, ...errorResponses } } },
    async (request, reply) =>
      app.responseCache.sendJson(request, reply, `files ${request.query.folder}`, fileListSchema, async () => ({ files: await app.files.list(request.query.folder) })),
  );

  app.get(API_PATHS.fileLimits, { schema: { response: { 200: fileLimitsSchema, ...errorResponses } } }, async (request, reply) => {
    if (request.user?.administrator !== true) return { maxBytes: app.config.maxUploadBytes };
    // What the disk has left is the administrators' business only, and changes all the time.
    void reply.header('cache-control', 'no-store');
    const disk = await fsp.statfs(app.config.dataDir);
    return { maxBytes: app.config.maxUploadBytes, freeBytes: disk.bavail * disk.bsize };
  });
}

/**
 * The types the site's own admin page sends a file as: its kind's type, or plain bytes. An HTML
 * form on another site can only send text/plain, url-encoded or multipart bodies, so those are
 * never an upload, whatever else is checked.
 */
const UPLOAD_TYPES: ReadonlySet<string> = new Set(['application/octet-stream', ...Object.values(FILE_KINDS).map((kind) => kind.mimeType)]);

function isUploadType(header: string | undefined): boolean {
  // No type at all is not a form either: a browser's form always names one.
  if (header === undefined) return true;
  const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return UPLOAD_TYPES.has(type);
}

export async function filesWriteRoutes(app: ApiInstance): Promise<void> {
  // An event's file belongs with the events (a branch officer adds and deletes their branch's),
  // every other folder with the content: each handler checks its folder (requireFileArea).
  app.addHook('onRequest', requireArea(FILE_AREAS));
  // The body is the file itself: it is streamed by the handler, never parsed. Its Content-Type is
  // checked by the handler (isUploadType), so the refusal is the site's own plain response.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.post(
    API_PATHS.files,
    { schema: { querystring: uploadQuerySchema, response: { 201: storedFileSchema, ...errorResponses } } },
    async (request, reply) => {
      if (!isUploadType(request.headers['content-type'])) throw apiError(415, 'invalid-input', API_MESSAGES.wrongUploadEncoding);
      const { folder } = request.query;
      requireFileArea(request, folder);
      // A branch officer's event goes into their branch; nobody else's upload chooses one (national).
      const branch = folder === 'events' ? (chosenBranch(app.branches, branchForChange(request, undefined)) ?? undefined) : undefined;
      const maxBytes = app.config.maxUploadBytes;
      const tooLarge = () => apiError(413, 'invalid-input', API_MESSAGES.fileTooLarge(formatBytes(maxBytes)));
      const wrongType = () => apiError(400, 'invalid-input', API_MESSAGES.wrongFileType(describeAllowedKinds(folder)));

      const name = uploadName(request.query.name);
      if (!name.ok) throw apiError(400, 'invalid-input', name.message);
      const kind = kindFromName(name.name);
      if (kind === null || !allowedKindsFor(folder).includes(kind)) throw wrongType();
      // Details are judged before a byte of the file is read, so refused details store nothing.
      const details = checkEventDetailsText(folder === 'events' ? request.query.details : undefined);
      if (!details.ok) throw details.error;
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
      if (await app.files.exists(folder, name.name)) throw apiError(409, 'conflict', API_MESSAGES.fileExists(name.name));

      let result: SaveResult;
      try {
        // An event's file goes into place in one transaction with its details and branch.
        const placing = folder === 'events' ? app.events.placing(name.name, details.details, app.clock(), branch) : undefined;
        result = await app.files.save(folder, name.name, request.raw, maxBytes, placing);
      } catch (error) {
        // The server's own storage failed: the error handler responds with 507 or 503 and logs the cause.
        if (storageFaultOf(error) !== undefined) throw error;
        // Only a request that ended before all of it arrived is the sender's doing. (A request
        // read to its end is destroyed too, so `destroyed` alone cannot tell the two apart.)
        if (request.raw.readableAborted) {
          request.log.info({ event: 'upload-interrupted', folder, name: name.name }, 'An upload was interrupted; nothing was stored');
          throw apiError(400, 'invalid-input', API_MESSAGES.invalidRequest);
        }
        throw error;
      }
      if (!result.ok) {
        if (result.reason === 'too-large') throw tooLarge();
        if (result.reason === 'empty') throw apiError(400, 'invalid-input', API_MESSAGES.emptyFile);
        if (result.reason === 'exists') throw apiError(409, 'conflict', API_MESSAGES.fileExists(name.name));
        throw wrongType();
      }
      request.log.info({ event: 'file-uploaded', path: result.file.fullPath, size: result.file.size, by: request.user?.email }, 'File uploaded');
      await app.audit.record(request, 'file-uploaded', fileInWords(result.file.fullPath, details.details?.title));
      return reply.code(201).send(result.file);
    },
  );

  app.delete(
    API_PATHS.files,
    { schema: { querystring: deleteFileQuerySchema, response: { 204: emptyBody, ...errorResponses } } },
    async (request, reply) => {
      const fullPath = request.query.path;
      const folder = folderOfPath(fullPath);
      const name = fullPath.split('/').at(-1) ?? '';
      const safe = sanitiseFileName(name);
      requireFileArea(request, folder ?? 'root');
      const event = folder === 'events' && safe.ok && safe.name === name ? await app.events.find(name) : undefined;
      // A branch officer deletes their own branch's events only.
      if (event !== undefined) requireRecordBranch(request, 'news-and-events', event.branch?.id ?? null);
      // A path no upload could have made names nothing; it is never handed to the file system.
      const removed = folder === 'events' ? () => app.events.remove(name) : () => app.files.remove(folder ?? 'root', name);
      // An event is named by its title in the activity list, which goes with the file.
      const eventTitle = event?.details?.title;
      if (folder === null || !safe.ok || safe.name !== name || !(await app.spaceReserve.withRoom(removed))) {
        throw apiError(404, 'not-found', API_MESSAGES.fileNotFound);
      }
      request.log.info({ event: 'file-deleted', path: fullPath, by: request.user?.email }, 'File deleted');
      await app.audit.record(request, 'file-deleted', fileInWords(fullPath, eventTitle));
      // The room the file left may be enough to put the reserve back.
      app.spaceReserve.keep();
      return reply.code(204).send(undefined);
    },
  );
}
