import type { CalendarFeed } from '../../../src-core/domain/event-listing';

/** How to see every event in one's own calendar, kept up to date by the calendar app itself. */
export function CalendarFeedSection({ calendar }: { readonly calendar: CalendarFeed }) {
  return (
    <section aria-labelledby="events-calendar" className="events__calendar">
      <h2 id="events-calendar">Our events in your calendar</h2>
      <p>
        Your phone or computer can show our events in its own calendar and add new ones as we publish them. Choose the
        link below and your calendar will ask whether to subscribe; say yes.
      </p>
      <p>
        <a href={calendar.subscribeUrl} className="button">
          Subscribe in your calendar app
        </a>
      </p>
      <p className="events__calendar-note">
        If nothing happens, copy this address into your calendar&apos;s &lsquo;add calendar from the internet&rsquo; or
        &lsquo;subscribe&rsquo; setting: <a href={calendar.feedPath}>{calendar.feedUrl}</a>
      </p>
    </section>
  );
}
