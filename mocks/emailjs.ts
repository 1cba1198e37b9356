/**
 * MSW stand-in for EmailJS's send endpoint, speaking its wire format: a JSON body with
 * lib_version, user_id (the public key), service_id, template_id and template_params, responding
 * with status and text ('OK', or the error statuses EmailJS documents). Messages it accepts are
 * kept in `sent`, so a test or `npm run dev:hosted` can see what would have been e-mailed.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

export const EMAILJS_SEND_URL = 'https://api.emailjs.com/api/v1.0/email/send';

export interface EmailJsFakeOptions {
  readonly publicKey: string;
  readonly serviceId: string;
  readonly templateId: string;
}

export interface SentEmail {
  readonly serviceId: string;
  readonly templateId: string;
  readonly templateParams: Readonly<Record<string, unknown>>;
}

export const EMAILJS_ERRORS = {
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
} as const;

export type EmailJsErrorStatus = keyof typeof EMAILJS_ERRORS;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(body: string, status: number): HttpResponse<string> {
  return new HttpResponse(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

export function createEmailJsFake(options: EmailJsFakeOptions): { handlers: HttpHandler[]; sent: SentEmail[] } {
  const sent: SentEmail[] = [];
  const handlers = [
    http.post(EMAILJS_SEND_URL, async ({ request }) => {
      const body: unknown = await request.json().catch(() => null);
      if (!isRecord(body)) return text('The request body is invalid', 400);
      if (body.user_id !== options.publicKey) {
        return text('The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account', 400);
      }
      if (body.service_id !== options.serviceId) return text('The service ID not found.', 400);
      if (body.template_id !== options.templateId) return text('The template ID not found.', 400);
      if (typeof body.lib_version !== 'string' || !isRecord(body.template_params)) return text('The request body is invalid', 400);
      sent.push({ serviceId: body.service_id, templateId: body.template_id, templateParams: body.template_params });
      return text('OK', 200);
    }),
  ];
  return { handlers, sent };
}

/** The next send gets a response with one of EmailJS's error statuses, or fails as a network error (status 0). */
export function emailJsFailure(status: EmailJsErrorStatus | 'network'): HttpHandler {
  return http.post(EMAILJS_SEND_URL, () => (status === 'network' ? HttpResponse.error() : text(EMAILJS_ERRORS[status], status)), {
    once: true,
  });
}
