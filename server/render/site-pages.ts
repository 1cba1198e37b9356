import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../adapters/http/api-messages';
import type * as EntryServer from '../../src/app/entry-server';
import { CoreError, type CoreErrorKind } from '../../src-core/ports/errors';
import type { MailPort } from '../../src-core/ports/mail.port';
import { contactHandover } from './contact-handover';
import { createPageTemplate, type PageTemplate } from './page-template';
import { createServerBackend } from './server-backend';
import { readStylesheets } from './stylesheets';

/** What `vite build --ssr src/app/entry-server.tsx` produces, as the server uses it. */
export type RendererModule = Pick<typeof EntryServer, 'renderPage' | 'submitContactForm' | 'ROUTE_DATA_ELEMENT_ID'>;

export interface ContactFormBody {
  readonly name?: string;
  readonly email?: string;
  readonly message?: string;
  readonly website?: string;
}

export interface SitePages {
  /** Answers a page address with the page rendered on the server, or the plain app page for the admin area. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Answers a contact form posted without script with the contact page as the form left it. */
  contactForm(request: FastifyRequest, body: ContactFormBody, reply: FastifyReply): Promise<FastifyReply>;
}

/** The server bundle sits beside the browser's: dist/client and dist/server. */
export function rendererFileFor(clientDir: string): string {
  return path.join(path.dirname(clientDir), 'server', 'entry-server.mjs');
}

function isRendererModule(value: unknown): value is RendererModule {
  if (typeof value !== 'object' || value === null) return false;
  const module = value as Record<string, unknown>;
  return typeof module.renderPage === 'function' && typeof module.submitContactForm === 'function' && typeof module.ROUTE_DATA_ELEMENT_ID === 'string';
}

const FAILURE_STATUS: Readonly<Record<CoreErrorKind, number>> = {
  'invalid-input': 400,
  'not-authorised': 403,
  'not-found': 404,
  conflict: 409,
  'too-many-requests': 429,
  unavailable: 503,
  canceled: 503,
};

/**
 * Server rendering of the site's pages, when the server bundle has been built; undefined (and
 * the plain app page served as before) when it has not.
 */
interface Built {
  readonly stamp: string;
  readonly renderer: RendererModule;
  readonly template: PageTemplate;
}

/** The build's two halves, read together: the renderer and the page its markup goes into. */
async function readBuild(clientDir: string, rendererFile: string, stamp: string): Promise<Built> {
  // The stamp makes a rebuilt renderer a new module; Node would otherwise keep the first one.
  const loaded: unknown = await import(`${pathToFileURL(rendererFile).href}?build=${encodeURIComponent(stamp)}`);
  if (!isRendererModule(loaded)) throw new Error(`${rendererFile} is not the site's server bundle.`);
  const indexHtml = await fsp.readFile(path.join(clientDir, 'index.html'), 'utf8');
  return { stamp, renderer: loaded, template: createPageTemplate(indexHtml, { inlineStyles: readStylesheets(indexHtml, clientDir) }) };
}

async function stampOf(files: readonly string[]): Promise<string | undefined> {
  try {
    const stats = await Promise.all(files.map((file) => fsp.stat(file)));
    return stats.map((stat) => stat.mtimeMs).join('-');
  } catch {
    return undefined;
  }
}

/**
 * Server rendering of the site's pages, when the server bundle has been built; undefined (and
 * the plain app page served as before) when it has not.
 */
export async function loadSitePages(app: FastifyInstance, clientDir: string): Promise<SitePages | undefined> {
  const rendererFile = rendererFileFor(clientDir);
  const watched = [rendererFile, path.join(clientDir, 'index.html')];
  const firstStamp = await stampOf(watched);
  if (firstStamp === undefined) {
    app.log.warn(`Pages are not rendered on the server (no ${rendererFile}); npm run build makes it.`);
    return undefined;
  }
  let built = await readBuild(clientDir, rendererFile, firstStamp);

  // A rebuild while the server runs replaces the hashed scripts the old page named, so the
  // page and its renderer are read again when either file changes; mid-build, the last
  // complete pair keeps serving.
  async function current(): Promise<Built> {
    const stamp = await stampOf(watched);
    if (stamp === undefined || stamp === built.stamp) return built;
    try {
      built = await readBuild(clientDir, rendererFile, stamp);
    } catch (error) {
      app.log.warn({ err: error }, 'The rebuilt site could not be read yet; still serving the previous build');
    }
    return built;
  }

  function backendFor(mail: MailPort) {
    return createServerBackend({ posts: app.posts, files: app.files, maxUploadBytes: app.config.maxUploadBytes, mail });
  }

  function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  async function render(request: FastifyRequest, reply: FastifyReply, mail: MailPort, options: EntryServer.RenderOptions, status?: number) {
    const { renderer, template } = await current();
    let page: EntryServer.RenderedPage;
    try {
      page = await renderer.renderPage(request.url, backendFor(mail), options);
    } catch (error) {
      // A fault in rendering must not take the site down: the browser can still render the page itself.
      request.log.error({ err: error, url: request.url }, 'Server rendering failed; sent the plain app page');
      return sendHtml(reply, 200, template.shell);
    }
    if (page.kind === 'client-only') return sendHtml(reply, 200, template.shell);
    const html = template.fill({
      title: page.title,
      markup: page.markup,
      data: { elementId: renderer.ROUTE_DATA_ELEMENT_ID, value: page.data },
    });
    return sendHtml(reply, status ?? page.status, html);
  }

  const noMail: MailPort = {
    sendContactMessage: () => Promise.reject(new CoreError('unavailable', API_MESSAGES.unavailable)),
  };

  function ownOrigin(request: FastifyRequest): string {
    return app.config.publicOrigin ?? `${request.protocol}://${request.host}`;
  }

  // The same rule as the API's guard: another site's page may not send messages through this form.
  function fromAnotherSite(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    return origin !== undefined ? origin !== ownOrigin(request) : fetchSite === 'cross-site' || fetchSite === 'same-site';
  }

  return {
    answer: (request, reply) => render(request, reply, noMail, {}),
    async contactForm(request, body, reply) {
      const failures: CoreError[] = [];
      const handover = contactHandover(app, request.ip);
      const mail: MailPort = {
        async sendContactMessage(message) {
          try {
            if (fromAnotherSite(request)) throw new CoreError('not-authorised', API_MESSAGES.crossOrigin);
            await handover.sendContactMessage(message);
          } catch (error) {
            if (error instanceof CoreError) failures.push(error);
            throw error;
          }
        },
      };
      const { renderer } = await current();
      const state = await renderer.submitContactForm(mail, {
        name: body.name ?? '',
        email: body.email ?? '',
        message: body.message ?? '',
        website: body.website ?? '',
      });
      request.log.info({ event: 'contact-form-post', outcome: state.outcome }, 'Contact form posted without script');
      const failure = failures[0];
      if (failure?.retryAfterSeconds !== undefined) void reply.header('retry-after', String(failure.retryAfterSeconds));
      const status = state.outcome === 'sent' ? 200 : state.outcome === 'editing' ? 400 : FAILURE_STATUS[failure?.kind ?? 'unavailable'];
      return render(request, reply, mail, { contactForm: state }, status);
    },
  };
}
