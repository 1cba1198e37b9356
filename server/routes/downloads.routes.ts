import { API_MESSAGES } from '../../contract/api-messages';
import path from 'node:path';
import { FILES_PREFIX, PICTURES_PREFIX } from '../../contract/wire';
import { FILE_KINDS, kindFromName } from '../../src-core/domain/file-types';
import { parseDownloadPath } from '../files/download-path';
import { isPictureFileName } from '../pictures/pictures';
import { createStaticFiles, type StaticFileOptions } from '../files/static-files';
import { apiError } from '../http/api-error';
import { CACHE_CONTROL } from '../http/cache-control';
import { errorResponses, fileStreamBody, type ApiInstance } from '../http/zod-schemas';

function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Downloads of stored files. They are only ever data: their real type with nosniff, and Word
 * documents as attachments in a sandbox. PDFs open in the browser's viewer, which Chrome
 * refuses to start under a CSP sandbox or `default-src 'none'`, so they get neither; their
 * content was proven to be PDF at upload and nosniff (on every response, server/plugins/security-headers.plugin.ts)
 * keeps the browser from reading it as a page.
 */
/** Addresses whose file and headers are worked out already; a bound, as visitors choose the addresses. */
const MAX_KNOWN_ADDRESSES = 1_000;

export async function downloadRoutes(app: ApiInstance): Promise<void> {
  const files = createStaticFiles(app.contentVersion.current, app.clock);
  const missing = () => apiError(404, 'not-found', API_MESSAGES.fileNotFound);

  /** The file an address names and how it is sent, the same every time for one address. */
  function prepare(encoded: string): { readonly location: string; readonly options: StaticFileOptions } | null {
    const target = parseDownloadPath(encoded);
    if (target === null) return null;
    const kind = kindFromName(target.name);
    const isPdf = kind === 'pdf';
    return {
      location: app.files.pathOf(target.folder, target.name),
      options: {
        set: {
          'content-type': kind === null ? 'application/octet-stream' : FILE_KINDS[kind].mimeType,
          'content-disposition': contentDisposition(target.name, isPdf),
          'cache-control': CACHE_CONTROL.revalidate,
          // The security headers leave downloads without the pages' policy (security-headers.plugin.ts).
          ...(isPdf ? {} : { 'content-security-policy': "default-src 'none'; sandbox" }),
        },
        missing,
      },
    };
  }
  const prepared = new Map<string, ReturnType<typeof prepare>>();

  app.get(
    `${FILES_PREFIX}*`,
    // No params schema: the raw address is judged here, once, and the router's copy is never read.
    {
      schema: { response: { 200: fileStreamBody, 206: fileStreamBody, 304: fileStreamBody, ...errorResponses } },
      // Each file's downloads are counted (server/plugins/visits.plugin.ts): a whole response, not a range or a 304.
      config: { countedAs: 'download' },
    },
    async (request, reply) => {
      // The raw address, not the router's decoded copy: every encoding trick is judged once, here.
      const encoded = (request.raw.url ?? '').split('?')[0]?.slice(FILES_PREFIX.length) ?? '';
      let target = prepared.get(encoded);
      if (target === undefined) {
        target = prepare(encoded);
        if (prepared.size >= MAX_KNOWN_ADDRESSES) prepared.clear();
        prepared.set(encoded, target);
      }
      if (target === null) throw apiError(400, 'invalid-input', API_MESSAGES.invalidPath);
      return files.send(request, reply, target.location, target.options);
    },
  );

  // Posts' pictures: each size's name holds a new random id, so an address never changes what it
  // shows and any cache may keep it for a year (a changed picture is a new upload, a new name).
  const pictureOptions = (format: string): StaticFileOptions => ({
    set: { 'content-type': format === 'webp' ? 'image/webp' : 'image/jpeg', 'cache-control': CACHE_CONTROL.immutable },
    missing,
  });
  const webpPicture = pictureOptions('webp');
  const jpegPicture = pictureOptions('jpg');
  app.get(
    `${PICTURES_PREFIX}:name`,
    { schema: { response: { 200: fileStreamBody, 206: fileStreamBody, 304: fileStreamBody, ...errorResponses } } },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!isPictureFileName(name)) throw missing();
      return files.send(request, reply, path.join(app.pictures.directory, name), name.endsWith('.webp') ? webpPicture : jpegPicture);
    },
  );
}
