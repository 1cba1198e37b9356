import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptFormBodies, seeOther } from '../http/form-posts';
import {
  DISPLAY_COOKIE,
  DISPLAY_COOKIE_MAX_AGE_SECONDS,
  DISPLAY_SETTINGS_PATH,
  displayCookieValue,
  displaySettingsFrom,
  safeReturnPath,
} from '../../src-core/domain/display-settings';

/** What the settings page's form posts where script has not run; unknown values mean standard. */
const displayFormSchema = z.object({
  text: z.string().optional(),
  colours: z.string().optional(),
  from: z.string().optional(),
});

/**
 * The display settings without script: the settings page's form posts here, the response sets
 * the reader's cookie (or clears it for the standard settings) and sends them back to the
 * settings page, which says the choice is saved and links to the page they came from. The
 * page rendered for that cookie carries the setting on <html> (server/render/site-pages.ts).
 */
export async function displaySettingsRoutes(app: FastifyInstance): Promise<void> {
  acceptFormBodies(app);

  app.post(DISPLAY_SETTINGS_PATH, { schema: { body: displayFormSchema } }, async (request, reply) => {
    const body = displayFormSchema.parse(request.body);
    const settings = displaySettingsFrom(body.text, body.colours);
    const value = displayCookieValue(settings);
    const secure = request.protocol === 'https' || (app.config.publicOrigin?.startsWith('https:') ?? false);
    // Not httpOnly: the browser's own settings page writes the same cookie when script runs.
    const options = { path: '/', sameSite: 'lax' as const, secure, httpOnly: false };
    if (value === undefined) void reply.clearCookie(DISPLAY_COOKIE, options);
    else void reply.setCookie(DISPLAY_COOKIE, value, { ...options, maxAge: DISPLAY_COOKIE_MAX_AGE_SECONDS });
    const from = safeReturnPath(body.from);
    const back = new URLSearchParams({ saved: '1', ...(from === undefined ? {} : { from }) });
    return seeOther(reply, `${DISPLAY_SETTINGS_PATH}?${back.toString()}`);
  });
}
