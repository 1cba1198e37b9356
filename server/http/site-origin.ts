import type { FastifyInstance } from 'fastify';

/** Addresses that mean 'every network': a browser cannot go to them, so the address names this machine. */
const EVERY_NETWORK = new Set(['0.0.0.0', '::', '[::]']);

/** 'localhost', '127.0.0.1' or '[::1]': a host as it is written in an address. */
function hostInAddress(host: string): string {
  if (EVERY_NETWORK.has(host)) return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The address visitors use, for the absolute links in feeds, the sitemap and calendar files:
 * PUBLIC_URL's origin when set, otherwise the server's own address from its configuration
 * (the port it really listens on when PORT=0). Never the request's Host header: pages and feeds
 * are cached and sent to every visitor, so an address taken from one client's request could
 * put that client's links into everybody's responses.
 */
export function siteOrigin(app: FastifyInstance): string {
  if (app.config.publicOrigin !== undefined) return app.config.publicOrigin;
  const listening = app.server.address();
  const port = typeof listening === 'object' && listening !== null ? listening.port : app.config.port;
  return `http://${hostInAddress(app.config.host)}:${port}`;
}
