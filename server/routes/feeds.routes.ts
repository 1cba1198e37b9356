import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CRAWLER_PATHS, FEED_PATHS } from '../../contract/wire';
import { newsFeed, newslettersFeed, sitemapPages } from '../feeds/site-feeds';
import { robotsTxt, sitemapXml } from '../feeds/sitemap';
import { CACHE_CONTROL } from '../http/cache-control';
import { siteOrigin } from '../http/site-origin';
import { errorResponses, type ApiInstance } from '../http/zod-schemas';

const documentBody = z.instanceof(Buffer);
const schema = { response: { 200: documentBody, ...errorResponses } };

/** Made afresh from what is there now; a reader or crawler asks again before using a cached copy. */
function send(reply: FastifyReply, type: string, text: string) {
  return reply.type(type).header('cache-control', CACHE_CONTROL.revalidate).send(Buffer.from(text));
}

/**
 * What feed readers and search engines ask for: the news and newsletters as Atom feeds, the
 * sitemap and the robots file. Every address in them starts with the configured origin
 * (server/http/site-origin.ts), never with what a request's Host header says.
 */
export async function feedsRoutes(app: ApiInstance): Promise<void> {
  // Only where branches are kept (server/plugins/membership.plugin.ts).
  const activeBranches = () => (app.hasDecorator('branches') ? app.branches.list().filter((branch) => branch.active) : []);

  app.get(FEED_PATHS.news, { schema }, async (_request, reply) =>
    send(reply, 'application/atom+xml; charset=utf-8', newsFeed(app.posts.list(), siteOrigin(app), app.clock())),
  );

  app.get(FEED_PATHS.newsletters, { schema }, async (_request, reply) =>
    send(reply, 'application/atom+xml; charset=utf-8', newslettersFeed(await app.files.list('newsletters'), siteOrigin(app), app.clock())),
  );

  app.get(CRAWLER_PATHS.sitemap, { schema }, async (_request, reply) =>
    send(reply, 'application/xml; charset=utf-8', sitemapXml(siteOrigin(app), sitemapPages(app.posts.list(), await app.events.changes(), activeBranches()))),
  );

  app.get(CRAWLER_PATHS.robots, { schema }, async (_request, reply) =>
    send(reply, 'text/plain; charset=utf-8', robotsTxt(siteOrigin(app) + CRAWLER_PATHS.sitemap)),
  );
}
