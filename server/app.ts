import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import pino from 'pino';
import { systemClock, type Clock } from './clock';
import type { Config, TrustedProxies } from './config';
import { logClientDisconnectsAsInfo } from './http/client-disconnect-log';
import { closeWhenIdlePlugin } from './http/close-when-idle.plugin';
import { handleError } from './http/error-handler';
import { OneLinePerRequest } from './http/request-log';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from './http/zod-schemas';
import { auditPlugin } from './plugins/audit.plugin';
import { authPlugin } from './plugins/auth.plugin';
import { cachePolicyPlugin } from './plugins/cache-policy.plugin';
import { compressionPlugin } from './plugins/compression.plugin';
import { crossSitePlugin } from './plugins/cross-site.plugin';
import { contactRetentionPlugin } from './plugins/contact-retention.plugin';
import { dataPlugin } from './plugins/data.plugin';
import { oldAddressesPlugin } from './plugins/old-addresses.plugin';
import { mailPlugin } from './plugins/mail.plugin';
import { memberMailPlugin } from './plugins/member-mail.plugin';
import { membershipPlugin } from './plugins/membership.plugin';
import { bookingsPlugin } from './plugins/bookings.plugin';
import { securityHeadersPlugin } from './plugins/security-headers.plugin';
import { smtpPlugin } from './plugins/smtp.plugin';
import { searchPlugin } from './plugins/search.plugin';
import { visitsPlugin } from './plugins/visits.plugin';
import { visitsRoutes } from './routes/visits.routes';
import { searchRoutes } from './routes/search.routes';
import { createPdfTextReader } from './search/pdf-text-reader';
import { associationRoutes } from './routes/association.routes';
import { downloadRoutes } from './routes/downloads.routes';
import { accountRoutes } from './routes/account.routes';
import { auditRoutes } from './routes/audit.routes';
import { teamRoutes } from './routes/team.routes';
import { contactRoutes } from './routes/contact.routes';
import { calendarRoutes } from './routes/calendar.routes';
import { feedsRoutes } from './routes/feeds.routes';
import { eventsReadRoutes, eventsWriteRoutes } from './routes/events.routes';
import { filesReadRoutes, filesWriteRoutes } from './routes/files.routes';
import { postsReadRoutes, postsWriteRoutes } from './routes/posts.routes';
import { picturesRoutes } from './routes/pictures.routes';
import { sessionRoutes } from './routes/session.routes';
import { applicationAdminRoutes, applicationRoutes } from './routes/applications.routes';
import { branchesReadRoutes, branchesWriteRoutes } from './routes/branches.routes';
import { joinFormRoutes } from './routes/join-form.routes';
import { memberFileRoutes } from './routes/member-files.routes';
import { bookingAdminRoutes, bookingRoutes } from './routes/bookings.routes';
import { bookingFormRoutes } from './routes/booking-form.routes';
import { memberAdminRoutes } from './routes/members.routes';
import { membershipSettingsRoutes } from './routes/membership-settings.routes';
import { addressDataRoutes, mailingRoutes, subscriberAdminRoutes, subscriptionRoutes } from './routes/subscriptions.routes';
import { displaySettingsRoutes } from './routes/display-settings.routes';
import { siteRoutes } from './routes/site.routes';
import { twoStepRoutes } from './routes/two-step.routes';

export interface LogDestination {
  write(line: string): void;
}

export interface AppOptions {
  /** The time source; tests move it on to expire sessions and rate windows. */
  readonly clock?: Clock;
  /** Where a generated first administrator password is printed; the console by default. */
  readonly announce?: (text: string) => void;
  /** Where log lines go; standard output by default. Tests read them here. */
  readonly logDestination?: LogDestination;
  /** Told of every route as it is added, so tests can go through all of them. */
  readonly onRoute?: (route: { readonly method: HTTPMethods | HTTPMethods[]; readonly url: string }) => void;
}

/**
 * Exactly the configured proxies: never `true`, which would believe the left-most
 * X-Forwarded-For entry, the one the client wrote itself. A hop count trusts that many
 * proxies counted back from the connection.
 */
function trustProxyOption(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false) return false;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return [...trusted];
}

function loggerOptions(config: Config, destination: LogDestination | undefined) {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    hooks: { logMethod: logClientDisconnectsAsInfo },
    // Standard output written asynchronously: lines that arrive while one is being written go
    // out together in the next write, instead of one blocking write each. Nothing is held back
    // for long (no minimum length), and pino writes what is left when the process exits.
    stream: destination ?? pino.destination({ dest: 1, sync: false }),
  };
}

/** Builds the whole server without listening; `main.ts` listens, tests inject or listen on port 0. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logDestination),
    // Exactly the configured proxies: never `true`, which would believe the client's own entries.
    trustProxy: trustProxyOption(config.trustProxy),
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    // One line per request, written once its response is sent (server/http/request-log.ts).
    logController: new OneLinePerRequest(),
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 2_000 },
    // Fastify's default of 10 s per plugin: the site plugin loads the 2 MB renderer bundle, which
    // took longer than that on a busy 2-core machine, and the server then refused to start.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = 30_000;

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.setErrorHandler(handleError);
  const { onRoute } = options;
  if (onRoute !== undefined) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));

  // External plugins first, then the app's own, then routes (the fastify/demo order).
  await app.register(closeWhenIdlePlugin);
  await app.register(securityHeadersPlugin);
  // Before compression, so the tag is of what the response says, whatever encoding carries it
  // (weak, for that reason): a browser revalidating an unchanged page or list gets 304 and no body.
  await app.register(etag, { weak: true });
  await app.register(compressionPlugin);
  await app.register(cookie);
  // After the cookie plugin: a response that sets a cookie, or names no cache rule, is stored by no cache.
  await app.register(cachePolicyPlugin);

  await app.register(dataPlugin, { config, clock: options.clock ?? systemClock });
  await app.register(oldAddressesPlugin);
  await app.register(crossSitePlugin);
  const pdfText = createPdfTextReader();
  await app.register(searchPlugin, { readPdfText: pdfText.read, stopReading: pdfText.stop });
  await app.register(authPlugin, { announce: options.announce ?? ((text) => process.stdout.write(`${text}\n`)) });
  await app.register(auditPlugin);
  await app.register(contactRetentionPlugin);
  await app.register(smtpPlugin);
  await app.register(mailPlugin);
  await app.register(memberMailPlugin);
  await app.register(membershipPlugin);
  await app.register(bookingsPlugin);
  await app.register(visitsPlugin);

  await app.register(postsReadRoutes);
  await app.register(postsWriteRoutes);
  await app.register(picturesRoutes);
  await app.register(filesReadRoutes);
  await app.register(filesWriteRoutes);
  await app.register(eventsReadRoutes);
  await app.register(eventsWriteRoutes);
  await app.register(calendarRoutes);
  await app.register(feedsRoutes);
  await app.register(searchRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(twoStepRoutes);
  await app.register(auditRoutes);
  await app.register(teamRoutes);
  await app.register(contactRoutes);
  await app.register(subscriptionRoutes);
  await app.register(subscriberAdminRoutes);
  await app.register(addressDataRoutes);
  await app.register(mailingRoutes);
  await app.register(applicationRoutes);
  await app.register(applicationAdminRoutes);
  await app.register(memberAdminRoutes);
  await app.register(memberFileRoutes);
  await app.register(membershipSettingsRoutes);
  await app.register(branchesReadRoutes);
  await app.register(branchesWriteRoutes);
  await app.register(joinFormRoutes);
  await app.register(bookingRoutes);
  await app.register(bookingAdminRoutes);
  await app.register(bookingFormRoutes);
  await app.register(associationRoutes);
  await app.register(visitsRoutes);
  await app.register(downloadRoutes);
  await app.register(displaySettingsRoutes);
  await app.register(siteRoutes, { clientDir: config.clientDir });

  return app;
}
