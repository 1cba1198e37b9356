import fs from 'node:fs';
import path from 'node:path';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_MESSAGES } from '../../contract/api-messages';
import { FILES_PREFIX, errorBody } from '../../contract/wire';
import { isCoreError } from '../../src-core/domain/core-error';
import { SUBSCRIPTION_PAGE_PATHS, subscriptionFormName, tooManyResult, type SubscriptionResult } from '../../src-core/domain/subscription';
import { isAdminPagePath } from '../http/admin-pages';
import { preferredEncoding } from '../http/accept-encoding';
import { CACHE_CONTROL } from '../http/cache-control';
import { handleError } from '../http/error-handler';
import { acceptFormBodies, seeOther } from '../http/form-posts';
import { createStaticFiles } from '../files/static-files';
import { PAGE_ENCODINGS } from '../render/compressed-forms';
import { createPageCache, type PageCache } from '../render/page-cache';
import { loadSitePages, type SitePages } from '../render/site-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered pages cached until their content changes; its statistics show what was reused. */
    pageCache: PageCache;
  }
}

/**
 * Vite puts content-hashed names under assets/: a changed file is a new address, cached a year.
 * Any other file (the home-screen icon) keeps its name when it changes, so caches ask.
 */
function cacheControlFor(relative: string): string {
  return relative.startsWith('assets/') ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;
}

/** The types of what the build writes; anything else goes out as plain bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * What the build may have left a file.br and a file.gz beside (tooling/vite/precompress.plugin.ts):
 * sent as they are, naming their encoding, which the compression plugin leaves alone.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const SUFFIXES = { br: '.br', gzip: '.gz' } as const;

/** The built file an address names, relative to the build; null for a dotfile (.vite/manifest.json), a climb or a broken escape. */
function builtFilePath(url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return null;
  }
  const segments = decoded.split('/').slice(1);
  const safe = segments.every((segment) => segment !== '' && !segment.startsWith('.') && !/[\\\0]/.test(segment));
  return safe ? segments.join('/') : null;
}

/** Segments of letters, digits and dashes, or named parameters: the same in the router and Fastify. */
const PLAIN_ROUTE_PATH = /^(\/(:?[\w-]+))+$/;

function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith(FILES_PREFIX);
}

/** What the contact page's form posts where script has not run; the contact machine checks the values. */
const contactFormSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  message: z.string().optional(),
  website: z.string().optional(),
  submissionKey: z.string().optional(),
});

async function contactFormRoute(app: FastifyInstance, { pages }: { pages: SitePages }): Promise<void> {
  acceptFormBodies(app);
  app.post('/contact', { schema: { body: contactFormSchema } }, (request, reply) =>
    pages.contactForm(request, contactFormSchema.parse(request.body), reply),
  );
  // A refusal before the form was handled (the cross-site guard) is shown on the contact page too.
  app.setErrorHandler((error: Error, request, reply) => {
    const body = contactFormSchema.safeParse(request.body);
    if (!isCoreError(error) || !body.success) return handleError(error, request, reply);
    return pages.contactForm(request, body.data, reply, error);
  });
}

/** What the subscription form posts where script has not run; the subscriptions service checks the values. */
const subscribeFormSchema = z.object({
  email: z.string().max(1_000).optional(),
  name: z.string().max(200).optional(),
  form: z.string().max(20).optional(),
  website: z.string().max(10_000).optional(),
});
const tokenFormSchema = z.object({ token: z.string().max(200).optional() });

/**
 * The subscription form and the confirm and unsubscribe pages' buttons, posted without script:
 * each is handled as the API handles it, then the browser is sent on to a page naming the
 * outcome (Post/Redirect/Get), so a reload sends nothing again. The subscribe outcome is the
 * same for every address, so the address the browser is sent to tells nobody anything.
 */
async function subscriptionFormRoutes(app: FastifyInstance): Promise<void> {
  acceptFormBodies(app);
  const sendTo = (reply: FastifyReply, path: string, query: Record<string, string>) => seeOther(reply, `${path}?${new URLSearchParams(query).toString()}`);

  app.post(SUBSCRIPTION_PAGE_PATHS.subscribe, { schema: { body: subscribeFormSchema } }, async (request, reply) => {
    const body = subscribeFormSchema.parse(request.body);
    const form = subscriptionFormName(body.form) ?? 'footer';
    let result: SubscriptionResult = 'sent';
    try {
      await app.subscriptions.request({ email: body.email ?? '', name: body.name, form, website: body.website }, request.ip);
    } catch (error) {
      if (!isCoreError(error)) throw error;
      if (error.kind === 'invalid-input') result = 'invalid-email';
      else if (error.kind === 'too-many-requests') result = tooManyResult(error.message);
      else result = 'unavailable';
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    request.log.info({ event: 'subscribe-form-post', outcome: result }, 'Subscription form posted without script');
    return sendTo(reply, SUBSCRIPTION_PAGE_PATHS.subscribe, { result, form });
  });

  app.post(SUBSCRIPTION_PAGE_PATHS.confirm, { schema: { body: tokenFormSchema } }, async (request, reply) => {
    const { token } = tokenFormSchema.parse(request.body);
    const subscriber = token === undefined || token === '' ? undefined : await app.subscriptions.confirm(token);
    if (subscriber !== undefined) await app.audit.record(request, 'subscription-confirmed', `subscriber ${subscriber.id}`, null);
    return sendTo(reply, SUBSCRIPTION_PAGE_PATHS.confirm, { result: subscriber === undefined ? 'not-valid' : 'confirmed' });
  });

  app.post(SUBSCRIPTION_PAGE_PATHS.unsubscribe, { schema: { body: tokenFormSchema } }, async (request, reply) => {
    const { token } = tokenFormSchema.parse(request.body);
    if (token === undefined || token === '') return sendTo(reply, SUBSCRIPTION_PAGE_PATHS.unsubscribe, { result: 'not-valid' });
    const subscriber = await app.subscriptions.unsubscribe(token);
    if (subscriber !== undefined) await app.audit.record(request, 'unsubscribed', `subscriber ${subscriber.id}`, null);
    // Answered alike whether the token was known, as the API does.
    return sendTo(reply, SUBSCRIPTION_PAGE_PATHS.unsubscribe, { result: 'unsubscribed' });
  });
}

/**
 * The built site. Every page address gets the page rendered on the server from
 * the app's own components (server/render), which the browser then brings to life; the plain
 * index.html, which the browser renders by itself, where the server bundle is missing.
 */
export const siteRoutes = fp<{ clientDir: string }>(
  async (app: FastifyInstance, { clientDir }) => {
    const indexFile = path.join(clientDir, 'index.html');
    const built = fs.existsSync(indexFile);
    if (!built) app.log.warn(`The site is not built (no ${indexFile}); run npm run build, or npm start which builds it.`);
    // The build changes only when rebuilt, which the static files' recheck of dates notices.
    const builtFiles = createStaticFiles(() => 'build', app.clock);
    const absent = new Error('No such built file');

    /** Sends the built file, or its copy in the encoding the client prefers; false when there is none. */
    async function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, relative: string, set: Record<string, string>): Promise<boolean> {
      const location = path.join(clientDir, relative);
      const extension = path.extname(relative);
      const headers: Record<string, string> = { 'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream', ...set };
      // The share picture and logo are meant to be shown by other sites' link previews.
      if (extension === '.png') headers['cross-origin-resource-policy'] = 'cross-origin';
      const encoding = COMPRESSIBLE.test(relative) ? preferredEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS) : undefined;
      if (COMPRESSIBLE.test(relative)) headers.vary = 'accept-encoding';
      const attempts: [string, Record<string, string>][] = [[location, headers]];
      if (encoding !== undefined) attempts.unshift([location + SUFFIXES[encoding], { ...headers, 'content-encoding': encoding }]);
      for (const [file, withHeaders] of attempts) {
        try {
          await builtFiles.send(request, reply, file, { set: withHeaders, missing: () => absent });
          return true;
        } catch (error) {
          if (error !== absent) throw error;
        }
      }
      return false;
    }

    const pageCache = createPageCache(undefined, app.clock);
    app.decorate('pageCache', pageCache);
    const pages = built ? await loadSitePages(app, clientDir, pageCache) : undefined;
    if (pages !== undefined) await app.register(contactFormRoute, { pages });
    if (pages !== undefined) await app.register(subscriptionFormRoutes);

    async function sendApp(request: FastifyRequest, reply: FastifyReply) {
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', CACHE_CONTROL.never)
          .type('text/plain; charset=utf-8')
          .send('The website has not been built yet. Run npm run build, or start it with npm start.');
      }
      if (pages !== undefined) return pages.respond(request, reply);
      // The same plain page at every address, but the admin area's is cached by nobody, as when rendered.
      const adminPage = isAdminPagePath(new URL(request.url, 'http://site.invalid').pathname);
      await sendBuiltFile(request, reply, 'index.html', { 'cache-control': adminPage ? CACHE_CONTROL.never : CACHE_CONTROL.revalidate });
      return reply;
    }

    // A public page's responses are counted as visits (server/plugins/visits.plugin.ts); the admin area's are not.
    const pageOptions = (pagePath: string): { config: FastifyContextConfig } => ({ config: isAdminPagePath(pagePath) ? {} : { countedAs: 'page' } });
    app.get('/', pageOptions('/'), (request, reply) => sendApp(request, reply));
    // Each page address gets a route of its own, so it never goes through the built files'
    // lookup (several file-system calls per request) before reaching the renderer. Addresses
    // a later rebuild adds still reach it, through the not-found handler below.
    for (const pagePath of pages?.paths ?? []) {
      if (pagePath !== '/' && PLAIN_ROUTE_PATH.test(pagePath)) app.get(pagePath, pageOptions(pagePath), (request, reply) => sendApp(request, reply));
    }

    if (built) {
      // Any other address may be a built file; what is not one goes on to the not-found handler.
      app.get('/*', async (request, reply) => {
        const relative = builtFilePath(request.url);
        if (relative !== null && (await sendBuiltFile(request, reply, relative, { 'cache-control': cacheControlFor(relative) }))) return reply;
        return reply.callNotFound();
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (!isPageRequest(request.method, request.url)) {
        return reply.code(404).send(errorBody('not-found', API_MESSAGES.notFound));
      }
      return sendApp(request, reply);
    });
  },
  { name: 'site' },
);
