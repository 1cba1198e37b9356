import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES } from '../../adapters/http/api-messages';
import { FILES_PREFIX, errorBody } from '../../adapters/http/wire';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  if (filePath.endsWith('.html')) return REVALIDATE;
  // Vite puts content-hashed names under assets/: a changed file is a new address.
  return filePath.split(path.sep).includes('assets') ? IMMUTABLE : SHORT;
}

function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith(FILES_PREFIX);
}

/**
 * The built site. Every page address is answered with the app's index.html and the app shows
 * the page (or its not-found page). Kept apart from the API so server rendering can replace it.
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
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => {
          void reply.header('cache-control', cacheControlFor(filePath));
        },
      });
    } else {
      app.log.warn(`The site is not built (no ${indexFile}); run npm run build, or npm start which builds it.`);
    }

    async function sendApp(reply: FastifyReply) {
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('The website has not been built yet. Run npm run build, or start it with npm start.');
      }
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }

    app.get('/', (_request, reply) => sendApp(reply));

    app.setNotFoundHandler(async (request, reply) => {
      if (!isPageRequest(request.method, request.url)) {
        return reply.code(404).send(errorBody('not-found', API_MESSAGES.notFound));
      }
      return sendApp(reply);
    });
  },
  { name: 'site' },
);
