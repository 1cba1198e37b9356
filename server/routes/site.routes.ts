import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_MESSAGES } from '../../contract/api-messages';
import { FILES_PREFIX, errorBody } from '../../contract/wire';
import { isCoreError } from '../../src-core/domain/core-error';
import { isAdminPagePath } from '../http/admin-pages';
import { CACHE_CONTROL } from '../http/cache-control';
import { handleError } from '../http/error-handler';
import { createPageCache, type PageCache } from '../render/page-cache';
import { loadSitePages, type SitePages } from '../render/site-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered pages kept until their content changes; its statistics show what was reused. */
    pageCache: PageCache;
  }
}

/**
 * Vite puts content-hashed names under assets/: a changed file is a new address, kept a year.
 * Any other file (index.html, the home-screen icon) keeps its name when it changes, so caches ask.
 */
function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;
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

// Form bodies are parsed only here, so the JSON API never accepts them.
async function contactFormRoute(app: FastifyInstance, { pages }: { pages: SitePages }): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
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

/**
 * The built site. Every page address is answered with the page rendered on the server from
 * the app's own components (server/render), which the browser then brings to life; the plain
 * index.html, which the browser renders by itself, where the server bundle is missing.
 */
export const siteRoutes = fp<{ clientDir: string }>(
  async (app: FastifyInstance, { clientDir }) => {
    const indexFile = path.join(clientDir, 'index.html');
    const built = fs.existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: clientDir,
        index: false,
        redirect: false,
        // The build leaves file.br and file.gz beside each script and stylesheet
        // (tooling/vite/precompress.plugin.ts): sent as they are, with content-encoding set,
        // which the compression plugin leaves alone; other files are compressed as before.
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => {
          // A route sending a file with its own rule (the admin area's plain page) keeps it.
          if (!reply.hasHeader('cache-control')) void reply.header('cache-control', cacheControlFor(filePath));
          // The share picture and logo are meant to be shown by other sites' link previews.
          if (filePath.endsWith('.png')) void reply.header('cross-origin-resource-policy', 'cross-origin');
        },
      });
    } else {
      app.log.warn(`The site is not built (no ${indexFile}); run npm run build, or npm start which builds it.`);
    }

    const pageCache = createPageCache(undefined, app.clock);
    app.decorate('pageCache', pageCache);
    const pages = built ? await loadSitePages(app, clientDir, pageCache) : undefined;
    if (pages !== undefined) await app.register(contactFormRoute, { pages });

    async function sendApp(request: FastifyRequest, reply: FastifyReply) {
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', CACHE_CONTROL.never)
          .type('text/plain; charset=utf-8')
          .send('The website has not been built yet. Run npm run build, or start it with npm start.');
      }
      if (pages !== undefined) return pages.answer(request, reply);
      // The same plain page at every address, but the admin area's is kept by nobody, as when rendered.
      const adminPage = isAdminPagePath(new URL(request.url, 'http://site.invalid').pathname);
      return reply
        .header('cache-control', adminPage ? CACHE_CONTROL.never : CACHE_CONTROL.revalidate)
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }

    app.get('/', (request, reply) => sendApp(request, reply));
    // Each page address gets a route of its own, so it never goes through the static files'
    // lookup (several file-system calls per request) before reaching the renderer. Addresses
    // a later rebuild adds still reach it, through the not-found handler below.
    for (const pagePath of pages?.paths ?? []) {
      if (pagePath !== '/' && PLAIN_ROUTE_PATH.test(pagePath)) app.get(pagePath, (request, reply) => sendApp(request, reply));
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
