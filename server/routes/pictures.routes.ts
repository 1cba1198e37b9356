import { API_MESSAGES } from '../../contract/api-messages';
import { API_PATHS, pictureIdParamsSchema, pictureStateSchema } from '../../contract/wire';
import { formatBytes } from '../../src-core/domain/files';
import { storageFaultOf } from '../db/storage-fault';
import { apiError } from '../http/api-error';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';
import { requireArea } from '../plugins/auth.plugin';
import type { PictureState } from '../pictures/pictures';

/**
 * How long an upload's response waits for its picture to be prepared. A phone's photograph takes
 * a few seconds, so the editor usually sees it at once; behind a queue of others, the response
 * says it is being prepared and the editor asks again.
 */
const PREPARED_WAIT_MS = 15_000;

/** The types a browser sends a picture as; as with files, never a form's. */
const PICTURE_UPLOAD_TYPES: ReadonlySet<string> = new Set(['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

function isPictureUploadType(header: string | undefined): boolean {
  if (header === undefined) return true;
  return PICTURE_UPLOAD_TYPES.has(header.split(';')[0]?.trim().toLowerCase() ?? '');
}

function within(prepared: Promise<PictureState>, ms: number): Promise<PictureState | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  return Promise.race([prepared, waited]).finally(() => clearTimeout(timer));
}

/** Uploads and states of posts' pictures: administrators only. */
export async function picturesRoutes(app: ApiInstance): Promise<void> {
  app.addHook('onRequest', requireArea('news-and-events'));
  // The body is the picture itself, streamed to disk by the handler (as in files.routes.ts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.post(API_PATHS.pictures, { schema: { response: { 201: pictureStateSchema, 202: pictureStateSchema, ...errorResponses } } }, async (request, reply) => {
    if (!isPictureUploadType(request.headers['content-type'])) throw apiError(415, 'invalid-input', API_MESSAGES.wrongUploadEncoding);
    const maxBytes = app.config.maxUploadBytes;
    const tooLarge = () => apiError(413, 'invalid-input', API_MESSAGES.fileTooLarge(formatBytes(maxBytes)));
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();

    let received;
    try {
      received = await app.pictures.receive(request.raw, maxBytes);
    } catch (error) {
      if (storageFaultOf(error) !== undefined) throw error;
      if (request.raw.readableAborted) throw apiError(400, 'invalid-input', API_MESSAGES.invalidRequest);
      throw error;
    }
    if (!received.ok) throw received.reason === 'too-large' ? tooLarge() : apiError(400, 'invalid-input', API_MESSAGES.emptyFile);
    request.log.info({ event: 'picture-uploaded', picture: received.id, by: request.user?.email }, 'A picture was uploaded');

    const state = await within(received.prepared, PREPARED_WAIT_MS);
    if (state === undefined) return reply.code(202).send({ id: received.id, state: 'preparing' });
    if (state.state === 'refused') throw apiError(400, 'invalid-input', state.refusal);
    return reply.code(201).send(state);
  });

  app.get(API_PATHS.picture, { schema: { params: pictureIdParamsSchema, response: { 200: pictureStateSchema, ...errorResponses } } }, async (request) => {
    const state = app.pictures.get(request.params.id);
    if (state === undefined) throw apiError(404, 'not-found', API_MESSAGES.pictureNotFound);
    return state;
  });
}
