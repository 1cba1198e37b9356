import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../contract/api-messages';
import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { DISPLAY_COOKIE, displayAttributes, displayKey, parseDisplayCookie, type DisplaySettings } from '../../src-core/domain/display-settings';
import { STATUS_FOR_KIND } from '../http/error-handler';
import { seeOther } from '../http/form-posts';
import { siteOrigin } from '../http/site-origin';
import type { MailPort } from '../../src-core/ports/mail.port';
import type { SearchPort } from '../../src-core/ports/search.port';
import type { PageRenderer, RenderOptions, RenderedPage as RenderResult } from '../../src-core/ports/page-renderer.port';
import { SEARCH_PATH } from '../../src-core/domain/search';
import { JOIN_PAGES } from '../../src-core/domain/joining';
import { BOOKING_PAGES } from '../../src-core/domain/booking-pages';
import { SUBSCRIPTION_PAGE_PATHS } from '../../src-core/domain/subscription';
import { newSubmissionKey } from '../../contract/submission-key';
import { createContactOutcomes } from './contact-outcomes';
import type { PageCache, PageResponse, RenderedPage } from './page-cache';
import { sendPage } from './page-reply';
import { createPageTemplate, type PageTemplate } from './page-template';
import { createServerBackend } from './server-backend';
import { readStylesheets } from './stylesheets';
import { SITE_FEEDS } from '../../src-core/domain/site-feeds';
import { escapeXml } from '../feeds/xml-writer';

export interface ContactFormBody {
  readonly name?: string;
  readonly email?: string;
  readonly message?: string;
  readonly website?: string;
  /** The form's key, from its hidden field, so a form posted twice is kept once. */
  readonly submissionKey?: string;
}

export interface SitePages {
  /** The app's page addresses when the server started ('/article/:id'), for routes of their own. */
  readonly paths: readonly string[];
  /** Responds to a page address with the page rendered on the server, or the plain app page for the admin area. */
  respond(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /**
   * Responds to a contact form posted without script with a redirect to a page showing its outcome.
   * With `refusal` (the request was refused before it reached the form, e.g. it came from
   * another site), nothing is taken in and that page says why, keeping what was typed.
   */
  contactForm(request: FastifyRequest, body: ContactFormBody, reply: FastifyReply, refusal?: CoreError): Promise<FastifyReply>;
}

/** The reader's display settings, from their cookie; standard without one. */
function displaySettingsOf(request: FastifyRequest): DisplaySettings {
  return parseDisplayCookie(request.cookies[DISPLAY_COOKIE]);
}

/** Every page names the site's feeds, so a feed reader given any address of the site finds them. */
const FEED_LINKS = [SITE_FEEDS.news, SITE_FEEDS.newsletters]
  .map((feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeXml(feed.title)}" href="${escapeXml(feed.path)}" />`)
  .join('');

/** The contact page, which a form posted without script comes back to. */
const CONTACT_PATH = '/contact';

/**
 * Stands for the visitor's own key in the cached contact page. Random, in the keys' own format, so
 * the page renders as it would with a real key and nothing else on the page can be taken for it.
 */
const KEY_STAND_IN = newSubmissionKey();

/** The pages of one visitor's subscription (src/app/routes.tsx). */
const SUBSCRIPTION_PAGES: ReadonlySet<string> = new Set(Object.values(SUBSCRIPTION_PAGE_PATHS));

/** How long a build is used before its files' dates are looked at again. */
const BUILD_RECHECK_MS = 1_000;

/** The server bundle sits beside the browser's: dist/client and dist/server. */
function rendererFileFor(clientDir: string): string {
  return path.join(path.dirname(clientDir), 'server', 'entry-server.mjs');
}

function isRendererModule(value: unknown): value is PageRenderer {
  if (typeof value !== 'object' || value === null) return false;
  const module = value as Record<string, unknown>;
  return (
    typeof module.renderPage === 'function' &&
    typeof module.submitContactForm === 'function' &&
    typeof module.ROUTE_DATA_ELEMENT_ID === 'string' &&
    Array.isArray(module.PAGE_PATHS)
  );
}

/** The build in use: its files' dates, the renderer and the page its markup goes into. */
interface Built {
  readonly stamp: string;
  /** What `vite build --ssr src/app/entry-server.tsx` produces. */
  readonly renderer: PageRenderer;
  readonly template: PageTemplate;
}

/** The build's two halves, read together: the renderer and the page its markup goes into. */
async function readBuild(clientDir: string, rendererFile: string, stamp: string): Promise<Built> {
  // The stamp makes a rebuilt renderer a new module; Node would otherwise keep the first one.
  const loaded: unknown = await import(`${pathToFileURL(rendererFile).href}?build=${encodeURIComponent(stamp)}`);
  if (!isRendererModule(loaded)) throw new Error(`${rendererFile} is not the site's server bundle.`);
  const indexHtml = await fsp.readFile(path.join(clientDir, 'index.html'), 'utf8');
  const template = createPageTemplate(indexHtml, {
    inlineStyles: readStylesheets(indexHtml, clientDir),
    serverAppliesDisplaySettings: true,
    headElements: FEED_LINKS,
  });
  return { stamp, renderer: loaded, template };
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
export async function loadSitePages(app: FastifyInstance, clientDir: string, cache: PageCache): Promise<SitePages | undefined> {
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
  // complete pair keeps serving. Their dates are looked at once a second at most: a stat of
  // each per request was a good part of a cached page's cost.
  let checkedAt = Date.now();
  async function current(): Promise<Built> {
    if (Date.now() - checkedAt < BUILD_RECHECK_MS) return built;
    checkedAt = Date.now();
    const stamp = await stampOf(watched);
    if (stamp === undefined || stamp === built.stamp) return built;
    try {
      built = await readBuild(clientDir, rendererFile, stamp);
    } catch (error) {
      app.log.warn({ err: error }, 'The rebuilt site could not be read yet; still serving the previous build');
    }
    return built;
  }

  /**
   * The index's results; `refusal` instead when this visitor has searched too often. A search
   * that found nothing is noted on `request`, to be counted once the page is sent.
   */
  function searchFor(refusal?: CoreError, request?: FastifyRequest): SearchPort {
    return {
      coverage: app.siteSearch.coverage,
      async search(query) {
        if (refusal !== undefined) throw refusal;
        const found = app.siteSearch.index.search(query);
        if (request !== undefined && found.results.length === 0) request.searchNotFound = query;
        return { ...found, coverage: app.siteSearch.coverage };
      },
    };
  }

  function backendFor(mail: MailPort, search: SearchPort = searchFor()) {
    return createServerBackend({
      posts: app.posts,
      files: app.files,
      events: app.events,
      clock: app.clock,
      origin: siteOrigin(app),
      details: app.associationDetails,
      maxUploadBytes: app.config.maxUploadBytes,
      mail,
      search,
      // Only where the membership plugin is registered (server/plugins/membership.plugin.ts).
      ...(app.hasDecorator('branches') ? { branches: app.branches } : {}),
      // Only where the bookings plugin is registered (server/plugins/bookings.plugin.ts).
      ...(app.hasDecorator('bookingsService') ? { bookings: app.bookingsService } : {}),
    });
  }

  /** Renders one address with `build`; only a found page (200) may be cached and reused. */
  async function renderAddress(
    build: Built,
    request: FastifyRequest,
    mail: MailPort,
    options: RenderOptions,
    status?: number,
    search?: SearchPort,
  ): Promise<RenderedPage> {
    const { renderer, template } = build;
    const display = displaySettingsOf(request);
    const rootAttributes = displayAttributes(display);
    let page: RenderResult;
    try {
      // The head's whole addresses start with the configured origin, never the request's Host (server/http/site-origin.ts).
      page = await renderer.renderPage(request.url, backendFor(mail, search), { ...options, display, origin: siteOrigin(app) });
    } catch (error) {
      // A fault in rendering must not take the site down: the browser can still render the page itself.
      request.log.error({ err: error, url: request.url }, 'Server rendering failed; sent the plain app page');
      return { status: 200, html: template.plainPage(rootAttributes), cacheable: false };
    }
    // The admin area's plain page: nothing rendered, nothing worth keeping.
    if (page.kind === 'client-only') return { status: 200, html: template.plainPage(rootAttributes, { noindex: true }), cacheable: false };
    const html = template.fill({
      title: page.title,
      markup: page.markup,
      data: { elementId: renderer.ROUTE_DATA_ELEMENT_ID, value: page.data },
      rootAttributes,
      head: page.head,
    });
    return { status: status ?? page.status, html, cacheable: page.status === 200, expiresAt: page.keepUntil };
  }

  /** A fresh response, sent as it is and never cached (the contact form's response to one visitor). */
  function fresh(rendered: RenderedPage): PageResponse {
    return { cached: false, status: rendered.status, html: rendered.html };
  }

  const noMail: MailPort = {
    sendContactMessage: () => Promise.reject(new CoreError('unavailable', API_MESSAGES.unavailable)),
  };

  const outcomes = createContactOutcomes();

  /** Each cached contact page's text, cut where the stand-in key was: a visitor's page is these joined by their key. */
  const keyedParts = new WeakMap<Buffer, readonly string[]>();
  function withKey(page: Buffer, key: string): string {
    let parts = keyedParts.get(page);
    if (parts === undefined) {
      parts = page.toString('utf8').split(KEY_STAND_IN);
      keyedParts.set(page, parts);
    }
    return parts.join(key);
  }

  /**
   * The contact page's form carries a key of its own for each visitor, and after a post it shows
   * that visitor's outcome (named by ?outcome=). The page itself is the same for everyone, so it
   * is rendered once per content and display setting, like any page, with a stand-in key that
   * each response replaces; only an outcome page is rendered afresh. It is never cached by a browser
   * or a cache on the way (no-store), since its key is one visitor's.
   */
  async function contactPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const token = (request.query as Record<string, unknown> | undefined)?.outcome;
    const outcome = typeof token === 'string' ? outcomes.find(token) : undefined;
    const build = await current();
    if (outcome !== undefined) {
      if (outcome.retryAfterSeconds !== undefined) void reply.header('retry-after', String(outcome.retryAfterSeconds));
      const rendered = await renderAddress(build, request, noMail, { submissionKey: newSubmissionKey(), contactForm: outcome.state }, outcome.status);
      return sendPage(request, reply, fresh(rendered), { cacheControl: 'no-store' });
    }
    const generation = generationOf(build);
    const address = `${displayKey(displaySettingsOf(request))} ${request.url}`;
    const page = await cache.page(address, generation, () => renderAddress(build, request, noMail, { submissionKey: KEY_STAND_IN }));
    const key = newSubmissionKey();
    const html = page.cached ? withKey(page.body, key) : page.html.replaceAll(KEY_STAND_IN, key);
    return sendPage(request, reply, { cached: false, status: page.status, html }, { cacheControl: 'no-store' });
  }

  /**
   * The search page is made afresh for each search and never cached (a cached page per query would
   * push the site's pages out of the cache), and counts against the visitor's limit.
   */
  async function searchPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const verdict = app.siteSearch.limit.take(request.ip);
    const refusal = verdict.allowed
      ? undefined
      : new CoreError('too-many-requests', API_MESSAGES.tooManySearches, { retryAfterSeconds: verdict.retryAfterSeconds });
    if (!verdict.allowed) void reply.header('retry-after', String(verdict.retryAfterSeconds));
    // One page per query, none worth listing: search engines are asked to leave them out.
    void reply.header('x-robots-tag', 'noindex');
    // Another process's changes are noticed here, so the index catches up with them too.
    app.contentVersion.current();
    const rendered = await renderAddress(await current(), request, noMail, {}, verdict.allowed ? undefined : 429, searchFor(refusal, request));
    return sendPage(request, reply, fresh(rendered), { cacheControl: 'no-store' });
  }

  /**
   * A subscription page names one visitor's outcome or e-mail link (its token) in its address:
   * made afresh, kept by nobody, listed by no search engine.
   */
  async function subscriptionPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    void reply.header('x-robots-tag', 'noindex');
    // The token stays on this site: no other site's link from here learns it. Not 'no-referrer',
    // which would make the page's own form post say `Origin: null`, refused as another site's.
    void reply.header('referrer-policy', 'same-origin');
    const rendered = await renderAddress(await current(), request, noMail, {});
    return sendPage(request, reply, fresh(rendered), { cacheControl: 'no-store' });
  }

  /**
   * The join page lists the branches as they are now, and after a refused post without script it
   * shows that visitor's messages and values (named by ?outcome=, app.joinFormOutcomes) with the
   * status the API would have answered. Made afresh each time and kept by no cache.
   */
  async function joinPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const token = (request.query as Record<string, unknown> | undefined)?.outcome;
    const outcome = typeof token === 'string' && app.hasDecorator('joinFormOutcomes') ? app.joinFormOutcomes.find(token) : undefined;
    if (outcome?.retryAfterSeconds !== undefined) void reply.header('retry-after', String(outcome.retryAfterSeconds));
    const options = outcome === undefined ? {} : { joinForm: { message: outcome.message, fieldErrors: outcome.fieldErrors, values: outcome.values } };
    const rendered = await renderAddress(await current(), request, noMail, options, outcome?.status);
    return sendPage(request, reply, fresh(rendered), { cacheControl: 'no-store' });
  }

  /**
   * What a cached page was made from: the build, the posts, files and details, and the places
   * booked (an event page says how many are left), each a number that moves on every change.
   */
  function generationOf(build: Built): string {
    const places = app.hasDecorator('bookingsVersion') ? ` ${app.bookingsVersion.current()}` : '';
    return `${build.stamp} ${app.contentVersion.current()}${places}`;
  }

  function outcomeToken(request: FastifyRequest): string | undefined {
    const token = (request.query as Record<string, unknown> | undefined)?.outcome;
    return typeof token === 'string' ? token : undefined;
  }

  /**
   * The pages of one visitor's booking, made afresh and kept by nobody: an event page showing a
   * refused booking form posted without script (`?outcome=`), the confirmation page (its
   * outcome names the cancel link), the cancel page (its token in the address) and the page
   * after a cancel. Undefined for any other address, and for an event page without an outcome,
   * which is cached as usual (server/plugins/bookings.plugin.ts invalidates it when places change).
   */
  async function bookingPage(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply | undefined> {
    if (!app.hasDecorator('bookingFormOutcomes')) return undefined;
    const outcomes = app.bookingFormOutcomes;
    const token = outcomeToken(request);
    const segments = pathname.split('/');
    let options: RenderOptions | undefined;
    let status: number | undefined;
    if (pathname === BOOKING_PAGES.cancel) {
      options = {};
    } else if (pathname === BOOKING_PAGES.cancelled) {
      const outcome = token === undefined ? undefined : outcomes.cancelled.find(token);
      options = outcome === undefined ? {} : { bookingCancel: outcome };
    } else if (segments.length === 4 && segments[1] === 'events' && segments[3] === 'booked') {
      const outcome = token === undefined ? undefined : outcomes.booked.find(token);
      options = outcome === undefined ? {} : { bookingConfirmation: outcome };
    } else if (segments.length === 3 && segments[1] === 'events' && token !== undefined) {
      const outcome = outcomes.refused.find(token);
      if (outcome === undefined) return undefined;
      if (outcome.retryAfterSeconds !== undefined) void reply.header('retry-after', String(outcome.retryAfterSeconds));
      options = { bookingForm: { eventId: outcome.eventId, message: outcome.message, fieldErrors: outcome.fieldErrors, values: outcome.values } };
      status = outcome.status;
    } else {
      return undefined;
    }
    void reply.header('x-robots-tag', 'noindex');
    // The token stays on this site, as on a subscription page.
    void reply.header('referrer-policy', 'same-origin');
    const rendered = await renderAddress(await current(), request, noMail, options, status);
    return sendPage(request, reply, fresh(rendered), { cacheControl: 'no-store' });
  }

  return {
    paths: built.renderer.PAGE_PATHS,
    async respond(request, reply) {
      const { pathname } = new URL(request.url, 'http://site.invalid');
      if (pathname === CONTACT_PATH) return contactPage(request, reply);
      if (pathname === SEARCH_PATH) return searchPage(request, reply);
      if (pathname === JOIN_PAGES.form) return joinPage(request, reply);
      // One visitor's outcome, like a subscription page: made afresh and listed by no search engine.
      if (pathname === JOIN_PAGES.thanks) return subscriptionPage(request, reply);
      if (SUBSCRIPTION_PAGES.has(pathname)) return subscriptionPage(request, reply);
      const booking = await bookingPage(request, reply, pathname);
      if (booking !== undefined) return booking;
      const build = await current();
      // What the page is made from: the build, and the posts, files and details as they are now.
      const generation = generationOf(build);
      // A page is cached once per display setting (nine at most): the settings are on <html>
      // and in the settings page's form, so pages for different readers differ.
      const address = `${displayKey(displaySettingsOf(request))} ${request.url}`;
      const page = await cache.page(address, generation, () => renderAddress(build, request, noMail, {}));
      return sendPage(request, reply, page);
    },
    async contactForm(request, body, reply, refusal) {
      const failures: CoreError[] = [];
      const mail: MailPort = {
        async sendContactMessage(message) {
          try {
            if (refusal !== undefined) throw refusal;
            await app.contactIntake.accept(message, request.ip, body.submissionKey);
          } catch (error) {
            if (isCoreError(error)) failures.push(error);
            throw error;
          }
        },
      };
      const build = await current();
      const state = await build.renderer.submitContactForm(mail, {
        name: body.name ?? '',
        email: body.email ?? '',
        message: body.message ?? '',
        website: body.website ?? '',
      });
      request.log.info({ event: 'contact-form-post', outcome: state.outcome }, 'Contact form posted without script');
      const failure = failures[0];
      const status = state.outcome === 'sent' ? 200 : state.outcome === 'editing' ? 400 : STATUS_FOR_KIND[failure?.kind ?? 'unavailable'];
      // Post/Redirect/Get: the browser is sent to a page showing the outcome, which a reload
      // shows again instead of posting the message a second time.
      const token = outcomes.keep({ state, status, retryAfterSeconds: failure?.retryAfterSeconds });
      return seeOther(reply, `${CONTACT_PATH}?outcome=${token}`);
    },
  };
}
