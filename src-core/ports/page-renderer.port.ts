import type { BookingByToken, BookingConfirmation } from '../domain/bookings';
import type { CoreErrorKind } from '../domain/core-error';
import type { ContactMessage } from '../domain/contact-message';
import type { DisplaySettings } from '../domain/display-settings';
import type { PageHead } from '../domain/page-head';
import type { ContactField, FieldErrors } from '../domain/validation';
import type { Backend } from './backend';
import type { MailPort } from './mail.port';

/**
 * The server-side renderer as the server and the hosted prerender call it. `vite build --ssr`
 * makes it of src/app/entry-server.tsx, which implements this; the server and tooling load the
 * built file at run time and know it only by this interface, so neither imports the views.
 */
export interface PageRenderer {
  /**
   * The addresses the app has a page for, as the router writes them ('/article/:id'), so the
   * server can give each a route of its own; every other address is the not-found page.
   */
  readonly PAGE_PATHS: readonly string[];
  /** The id of the element that carries a rendered page's route data (ROUTE_DATA_ELEMENT_ID below). */
  readonly ROUTE_DATA_ELEMENT_ID: string;
  /** Renders the page at `url` (path and query). Never throws for a data failure: the page shows it. */
  renderPage(url: string, backend: Backend, options?: RenderOptions): Promise<RenderedPage>;
  /** Runs the contact machine for a form posted without script, with the server's mail port. */
  submitContactForm(mail: MailPort, fields: ContactFormFields): Promise<ContactFormState>;
}

/**
 * The id of the `<script type="application/json">` element in which a server-rendered page
 * leaves the snapshot it was rendered with; the browser entry starts its cache from it.
 */
export const ROUTE_DATA_ELEMENT_ID = 'route-data';

/** What a server hands to the browser: plain JSON, errors reduced to their kind and message. */
export type RouteDataSnapshot = Readonly<
  Record<string, { readonly data: unknown } | { readonly error: { readonly kind: CoreErrorKind; readonly message: string } }>
>;

/**
 * Where a contact form sent without script ended: sent, failed, or back to editing with field
 * messages. The server renders the contact page in this state, and the page's route data carries
 * it so the browser's first render restores the same state.
 */
export interface ContactFormState {
  readonly outcome: 'editing' | 'sent' | 'failed';
  readonly values: Readonly<Record<ContactField, string>>;
  readonly fieldErrors: FieldErrors<ContactField>;
  readonly errorMessage: string | null;
}

/** What the plain form posts: the three fields and the honeypot people never see. */
export interface ContactFormFields extends ContactMessage {
  readonly website: string;
}

export interface RenderOptions {
  /**
   * Whether to load the route's data before rendering (the self-hosted server). A static
   * prerender has no data to load: data routes then render their loading state, as the
   * browser's first render would, and load once the page is running.
   */
  readonly loadData?: boolean;
  /**
   * Whether to load what every page shows (the association's details in the footer); by default
   * as `loadData`. A static prerender loads them when the build itself holds them.
   */
  readonly loadSiteData?: boolean;
  /** The state a contact form post reached, rendered on the contact page. */
  readonly contactForm?: ContactFormState;
  /**
   * A join form posted without script and refused (server/membership/join-form-outcomes.ts):
   * the join page shows its message, a message per field and every value again.
   */
  readonly joinForm?: {
    readonly message: string;
    readonly fieldErrors: Readonly<Record<string, string>>;
    readonly values: Readonly<Record<string, string>>;
  };
  /**
   * A booking form posted without script and refused (server/bookings/booking-form-outcomes.ts):
   * the event page of `eventId` shows its message, a message per field and every value again.
   */
  readonly bookingForm?: {
    readonly eventId: string;
    readonly message: string;
    readonly fieldErrors: Readonly<Record<string, string>>;
    readonly values: Readonly<Record<string, string>>;
  };
  /** A booking posted without script and accepted: the confirmation page (BOOKING_PAGES.booked) shows it. */
  readonly bookingConfirmation?: BookingConfirmation;
  /**
   * A cancel posted without script (BOOKING_PAGES.cancelled): the booking as it is now, or why
   * nothing was cancelled (a link no longer valid).
   */
  readonly bookingCancel?: { readonly booking: BookingByToken } | { readonly message: string };
  /** The reader's display settings (from their cookie), shown as chosen on the settings page. */
  readonly display?: DisplaySettings;
  /** The contact form's key for a post without script (32 hex digits), rendered in a hidden field. */
  readonly submissionKey?: string;
  /**
   * The site's public origin ('https://www.example.org'), for the whole addresses in the page's
   * head (its canonical address, the share picture); left out, those are left out.
   */
  readonly origin?: string;
}

export type RenderedPage =
  /** The admin area needs a signed-in browser: the server sends the plain app page. */
  | { readonly kind: 'client-only' }
  | {
      readonly kind: 'page';
      /** 404 for the not-found page and for data that is not there (a removed article). */
      readonly status: 200 | 404;
      readonly title: string;
      /** What the page says about itself to search engines and share previews; null for the not-found page. */
      readonly head: PageHead | null;
      /** The markup that goes inside #root. */
      readonly markup: string;
      /** What the page was rendered with, for the route-data element. */
      readonly data: RouteDataSnapshot;
      /** When the page stops being true by itself (a finished event); null for never. */
      readonly keepUntil: number | null;
    };
