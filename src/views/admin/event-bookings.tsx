import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  BOOKING_DEFAULTS,
  BOOKING_LIMITS,
  type AdminBooking,
  type BookingSettings,
  type EventBookings,
  type EventBookingSummary,
} from '../../../src-core/domain/bookings';
import type { BookingsAdminJob } from '../../../src-core/machines/bookings-admin.machine';
import type { JobEvent } from '../../../src-core/machines/jobs.setup';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import { useRouteData } from '../../lib/route-data.hook';
import { LoadFailure } from '../../components/data-state';
import { LabelledField } from '../../components/labelled-field';
import { ConfirmPrompt } from './confirm-prompt';
import { bookingGlobalSettingsQuery, eventBookingsQuery } from './bookings.queries';
import { ColumnHeads } from '../../components/column-heads';
import './event-bookings.css';

type Send = (event: JobEvent<BookingsAdminJob>) => void;

/** Which form sent the job, so the server's message per field shows in that form. */
type FormName = 'settings' | 'phone' | 'cancelEvent';

function contactOf(booking: AdminBooking): string {
  return [booking.phone, booking.email].filter((value): value is string => value !== null && value !== '').join(', ');
}

function readText(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement ? field.value : '';
}

function readChecked(form: HTMLFormElement, name: string): boolean {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement && field.checked;
}

/** A whole number as typed, or NaN, which the server refuses with its own words. */
function wholeNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

interface SettingsFormProps {
  readonly eventPath: string;
  readonly title: string;
  readonly settings: BookingSettings | null;
  readonly errors: Readonly<Record<string, string>>;
  readonly busy: boolean;
  readonly send: Send;
  readonly onSubmitted: () => void;
  readonly onClose: () => void;
}

/** Turning bookings on or changing them: places (or no limit), closing date and time, places per booking, a question. */
function SettingsForm({ eventPath, title, settings, errors, busy, send, onSubmitted, onClose }: SettingsFormProps) {
  const id = useId();
  const [noLimit, setNoLimit] = useState(settings !== null && settings.places === null);
  const [closesDate, closesTime] = (settings?.closesAt ?? '').split('T');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const date = readText(form, 'closesDate').trim();
    const time = readText(form, 'closesTime').trim();
    onSubmitted();
    send({
      type: 'job.start',
      job: {
        kind: 'saveSettings',
        eventPath,
        title,
        settings: {
          places: readChecked(form, 'noLimit') ? null : wholeNumber(readText(form, 'places')),
          closesAt: date === '' ? '' : `${date}T${time === '' ? '00:00' : time}`,
          maxPlacesPerBooking: wholeNumber(readText(form, 'maxPlacesPerBooking')),
          question: readText(form, 'question').trim(),
        },
      },
    });
  }

  return (
    <form className="event-bookings__form" noValidate onSubmit={onSubmit} aria-label={`Booking settings for ${title}`}>
      <LabelledField id={`${id}-places`} label="Number of places" hint="How many people can come." error={errors.places}>
        {(aria) => (
          <input {...aria} name="places" type="number" inputMode="numeric" min={1} max={BOOKING_LIMITS.places} defaultValue={settings?.places ?? ''} disabled={busy || noLimit} />
        )}
      </LabelledField>
      <div className="event-bookings__check">
        <input id={`${id}-no-limit`} name="noLimit" type="checkbox" checked={noLimit} onChange={(event) => setNoLimit(event.target.checked)} disabled={busy} />
        <label htmlFor={`${id}-no-limit`}>No limit on places</label>
      </div>
      <fieldset className="event-bookings__group">
        <legend>When bookings close</legend>
        <p className="form-field__hint">Leave the date empty to close bookings when the event starts.</p>
        <LabelledField id={`${id}-closes-date`} label="Date" error={errors.closesAt}>
          {(aria) => <input {...aria} name="closesDate" type="date" defaultValue={closesDate ?? ''} disabled={busy} />}
        </LabelledField>
        <LabelledField id={`${id}-closes-time`} label="Time" error={undefined}>
          {(aria) => <input {...aria} name="closesTime" type="time" defaultValue={closesTime ?? ''} disabled={busy} />}
        </LabelledField>
      </fieldset>
      <LabelledField id={`${id}-max`} label="Most places in one booking" hint="Usually 2: a member and a friend." error={errors.maxPlacesPerBooking}>
        {(aria) => (
          <input
            {...aria}
            name="maxPlacesPerBooking"
            type="number"
            inputMode="numeric"
            min={1}
            max={BOOKING_LIMITS.maxPlacesPerBooking}
            defaultValue={settings?.maxPlacesPerBooking ?? BOOKING_DEFAULTS.maxPlacesPerBooking}
            disabled={busy}
          />
        )}
      </LabelledField>
      <LabelledField id={`${id}-question`} label="A question for everyone booking (optional)" hint="For example: Any dietary or access needs?" error={errors.question}>
        {(aria) => <input {...aria} name="question" type="text" maxLength={BOOKING_LIMITS.question} defaultValue={settings?.question ?? ''} disabled={busy} />}
      </LabelledField>
      <div className="event-bookings__actions">
        <button type="submit" className="button" disabled={busy}>
          {settings === null ? 'Start taking bookings' : 'Save booking settings'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Close
        </button>
      </div>
    </form>
  );
}

interface PhoneBookingFormProps {
  readonly eventPath: string;
  readonly errors: Readonly<Record<string, string>>;
  readonly busy: boolean;
  readonly send: Send;
  readonly onSubmitted: () => void;
}

/** A booking taken by phone: the same fields as the event page's form; the per-booking limit and closing time do not apply. */
function PhoneBookingForm({ eventPath, errors, busy, send, onSubmitted }: PhoneBookingFormProps) {
  const id = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    onSubmitted();
    send({
      type: 'job.start',
      job: {
        kind: 'addPhoneBooking',
        eventPath,
        request: {
          name: readText(form, 'name').trim(),
          phone: readText(form, 'phone').trim(),
          email: readText(form, 'email').trim(),
          places: wholeNumber(readText(form, 'places')),
          answer: readText(form, 'answer').trim(),
        },
      },
    });
  }
  return (
    <form className="event-bookings__form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Add a booking taken by phone</h4>
      <LabelledField id={`${id}-name`} label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" type="text" maxLength={BOOKING_LIMITS.name} disabled={busy} />}
      </LabelledField>
      <LabelledField id={`${id}-phone`} label="Phone number" error={errors.phone}>
        {(aria) => <input {...aria} name="phone" type="tel" maxLength={BOOKING_LIMITS.phone} disabled={busy} />}
      </LabelledField>
      <LabelledField id={`${id}-email`} label="E-mail address (optional)" hint="With an address, they get the confirmation and reminder by e-mail." error={errors.email}>
        {(aria) => <input {...aria} name="email" type="email" maxLength={BOOKING_LIMITS.email} disabled={busy} />}
      </LabelledField>
      <LabelledField id={`${id}-places`} label="Places" error={errors.places}>
        {(aria) => <input {...aria} name="places" type="number" inputMode="numeric" min={1} defaultValue={1} disabled={busy} />}
      </LabelledField>
      <LabelledField id={`${id}-answer`} label="Their answer to the question (optional)" error={errors.answer}>
        {(aria) => <input {...aria} name="answer" type="text" maxLength={BOOKING_LIMITS.answer} disabled={busy} />}
      </LabelledField>
      <button type="submit" className="button" disabled={busy}>
        Add the booking
      </button>
    </form>
  );
}

interface ListProps {
  readonly bookings: EventBookings;
  readonly panelId: string;
  readonly confirmingId: string | null;
  readonly busy: boolean;
  readonly send: Send;
}

interface RowActionsProps extends ListProps {
  readonly booking: AdminBooking;
  readonly question: string;
  readonly confirmText: string;
  readonly keepText: string;
  /** Each button's job and words; its label adds the name. Cancelling asks first, and focus returns to it. */
  readonly jobs: readonly (readonly ['markPhoned' | 'moveUp' | 'cancelBooking', string])[];
}

function RowActions({ bookings, panelId, confirmingId, busy, send, booking, question, confirmText, keepText, jobs }: RowActionsProps) {
  if (confirmingId === booking.id) {
    return (
      <ConfirmPrompt
        question={question}
        busy={busy}
        busyText="Cancelling..."
        confirmText={confirmText}
        keepText={keepText}
        onConfirm={() => send({ type: 'confirm' })}
        onCancel={() => send({ type: 'cancel' })}
      />
    );
  }
  return (
    <div className="event-bookings__row-actions">
      {jobs.map(([kind, text]) => (
        <button
          key={kind}
          id={kind === 'cancelBooking' ? `${panelId}-cancel-${booking.id}` : undefined}
          type="button"
          className={kind === 'cancelBooking' ? 'button button--secondary' : 'button'}
          disabled={busy}
          aria-label={`${text}: ${booking.name}`}
          onClick={() => send({ type: 'job.start', job: { kind, eventPath: bookings.eventPath, id: booking.id, name: booking.name } })}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

function BookedList(props: ListProps) {
  const { bookings } = props;
  const booked = bookings.bookings.filter((booking) => booking.status === 'booked');
  if (booked.length === 0) return <p>Nobody has booked yet.</p>;
  return (
    <table className="event-bookings__table">
      <caption>Booked</caption>
      <ColumnHeads names={['Name', 'Places', 'Phone or e-mail', 'Answer', 'What to do']} />
      <tbody>
        {booked.map((booking) => (
          <tr key={booking.id}>
            <th scope="row">
              {booking.source === 'phone' ? `${booking.name} (by phone)` : booking.name}
            </th>
            <td data-label="Places">{booking.places}</td>
            <td data-label="Phone or e-mail">{contactOf(booking)}</td>
            <td data-label="Answer">{booking.answer}</td>
            <td>
              <RowActions
                {...props}
                booking={booking}
                question={`Cancel ${booking.name}'s booking? If someone is waiting, the first of them gets the places.`}
                confirmText="Yes, cancel it"
                keepText="No, keep it"
                jobs={booking.toPhone ? [['markPhoned', 'Mark as phoned'], ['cancelBooking', 'Cancel booking']] : [['cancelBooking', 'Cancel booking']]}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WaitingList(props: ListProps) {
  const { bookings } = props;
  const waiting = bookings.bookings.filter((booking) => booking.status === 'waiting');
  if (waiting.length === 0) return <p>Nobody is on the waiting list.</p>;
  return (
    <table className="event-bookings__table">
      <caption>Waiting list</caption>
      <ColumnHeads names={['Number', 'Name', 'Places', 'Phone or e-mail', 'What to do']} />
      <tbody>
        {waiting.map((booking) => (
          <tr key={booking.id}>
            <td data-label="Number">{booking.waitingPosition}</td>
            <th scope="row">{booking.name}</th>
            <td data-label="Places">{booking.places}</td>
            <td data-label="Phone or e-mail">{contactOf(booking)}</td>
            <td>
              <RowActions
                {...props}
                booking={booking}
                question={`Take ${booking.name} off the waiting list?`}
                confirmText="Yes, take them off"
                keepText="No, keep them"
                jobs={[['moveUp', 'Give them a place'], ['cancelBooking', 'Cancel']]}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The list for the door, only on paper: names, places, answers and a column to tick. While it
 * prints it stands alone at the top of the document, so the paper holds it and nothing else.
 */
function DoorList({ bookings }: { readonly bookings: EventBookings }) {
  const booked = bookings.bookings.filter((booking) => booking.status === 'booked');
  return createPortal(
    <div className="door-list" aria-hidden="true">
      <h2>{bookings.eventTitle}</h2>
      <p>
        {bookings.when}. {bookings.countText}.
      </p>
      <table>
        <ColumnHeads names={['Name', 'Places', 'Answer', 'Here']} />
        <tbody>
          {booked.map((booking) => (
            <tr key={booking.id}>
              <td>{booking.name}</td>
              <td>{booking.places}</td>
              <td>{booking.answer}</td>
              <td className="door-list__tick" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}

function printDoorList(setPrinting: (printing: boolean) => void): void {
  setPrinting(true);
  // The browser's print dialog waits for the page to be drawn with the list showing.
  window.setTimeout(() => {
    document.documentElement.classList.add('printing-door-list');
    const done = () => {
      document.documentElement.classList.remove('printing-door-list');
      setPrinting(false);
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  }, 0);
}

interface BookingsListProps {
  readonly eventPath: string;
  readonly title: string;
  readonly panelId: string;
  readonly state: { readonly confirmingId: string | null; readonly confirmingEvent: boolean; readonly busy: boolean };
  readonly errors: Readonly<Record<string, string>>;
  readonly lastForm: FormName | null;
  readonly send: Send;
  readonly setLastForm: (form: FormName) => void;
}

function BookingsList({ eventPath, title, panelId, state, errors, lastForm, send, setLastForm }: BookingsListProps) {
  const bookings = useRouteData(eventBookingsQuery(eventPath));
  const [printing, setPrinting] = useState(false);
  const messageId = useId();
  if (bookings.status === 'loading') return <p role="status">Loading the bookings...</p>;
  if (bookings.status === 'error') {
    return <LoadFailure retry={bookings.retry}>The bookings could not be loaded. {bookings.error.message}</LoadFailure>;
  }
  const data = bookings.data;
  const list = { bookings: data, panelId, confirmingId: state.confirmingId, busy: state.busy, send };
  const cancelled = data.cancelledAt !== null;

  function onCancelEvent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLastForm('cancelEvent');
    send({ type: 'job.start', job: { kind: 'cancelEvent', eventPath, title, message: readText(event.currentTarget, 'message') } });
  }

  return (
    <div className="event-bookings__list">
      <div className="event-bookings__actions">
        <a href={data.csvHref} className="button button--secondary" download aria-label={`Download as CSV: ${title}`}>
          Download as CSV
        </a>
        <button type="button" className="button button--secondary" aria-label={`Print the list for the door: ${title}`} onClick={() => printDoorList(setPrinting)}>
          Print the list for the door
        </button>
      </div>
      <BookedList {...list} />
      <WaitingList {...list} />
      {cancelled ? null : (
        <>
          <PhoneBookingForm eventPath={eventPath} errors={lastForm === 'phone' ? errors : {}} busy={state.busy} send={send} onSubmitted={() => setLastForm('phone')} />
          <form className="event-bookings__form event-bookings__cancel-event" noValidate onSubmit={onCancelEvent} aria-labelledby={`${messageId}-heading`}>
            <h4 id={`${messageId}-heading`}>Cancel the event</h4>
            <LabelledField
              id={messageId}
              label="Message to everyone booked"
              hint="Everyone booked or waiting who gave an e-mail address gets this message. Those without one are listed for you to phone."
              error={lastForm === 'cancelEvent' ? errors.message : undefined}
            >
              {(aria) => <textarea {...aria} name="message" rows={3} maxLength={BOOKING_LIMITS.cancelMessage} disabled={state.busy} />}
            </LabelledField>
            {state.confirmingEvent ? (
              <ConfirmPrompt
                question={`Cancel “${title}”? Everyone booked gets your message, and nobody can book any more. This cannot be undone.`}
                busy={state.busy}
                busyText="Cancelling the event..."
                confirmText="Yes, cancel the event"
                keepText="No, keep the event"
                onConfirm={() => send({ type: 'confirm' })}
                onCancel={() => send({ type: 'cancel' })}
              />
            ) : (
              <button id={`${panelId}-cancel-event`} type="submit" className="button button--danger" disabled={state.busy}>
                Cancel the event
              </button>
            )}
          </form>
        </>
      )}
      {printing ? <DoorList bookings={data} /> : null}
    </div>
  );
}

export interface EventBookingsPanelProps {
  readonly eventPath: string;
  readonly title: string;
  /** The event's bookings as the events list counts them; undefined when it takes none. */
  readonly summary: EventBookingSummary | undefined;
}

/** The settings form with the event's settings as they are: loaded with its bookings when it takes them. */
function SettingsEditor(props: Omit<SettingsFormProps, 'settings'> & { readonly takesBookings: boolean }) {
  const { takesBookings, ...form } = props;
  return takesBookings ? <LoadedSettingsForm {...form} /> : <SettingsForm {...form} settings={null} />;
}

function LoadedSettingsForm(form: Omit<SettingsFormProps, 'settings'>) {
  const bookings = useRouteData(eventBookingsQuery(form.eventPath));
  if (bookings.status === 'loading') return <p role="status">Loading the booking settings...</p>;
  if (bookings.status === 'error') return <p role="alert" className="status status--error">The booking settings could not be loaded. {bookings.error.message}</p>;
  return <SettingsForm {...form} settings={bookings.data.settings} />;
}

/** One event's bookings on the admin Events page: the count, the settings, the lists, and what an organiser does with them. */
export function EventBookingsPanel({ eventPath, title, summary }: EventBookingsPanelProps) {
  const machines = useAdminMachines();
  const afterRender = useAfterRender();
  const panelId = useId();
  const outcomeId = `${panelId}-outcome`;
  const [editing, setEditing] = useState(false);
  const [machine] = useState(() =>
    machines.bookingsAdmin({
      // The settings form closes once its settings are saved; a refusal keeps it open with its messages.
      settingsSaved: () => setEditing(false),
      focusNotice: () => afterRender(() => focusById(outcomeId)),
      focusProblem: () => afterRender(() => focusById(outcomeId)),
      focusButton: (target) =>
        afterRender(() => focusById(target.startsWith('booking:') ? `${panelId}-cancel-${target.slice('booking:'.length)}` : `${panelId}-cancel-event`)),
    }),
  );
  const [state, send] = useMachine(machine);
  const [showing, setShowing] = useState(false);
  const [lastForm, setLastForm] = useState<FormName | null>(null);
  const { notice, problem, toPhone, job } = state.context;
  const busy = state.matches('working');
  const errors = problem?.fieldErrors ?? {};
  const confirming = state.matches('confirming') ? job : null;
  const confirmingId = confirming !== null && confirming.kind === 'cancelBooking' ? confirming.id : null;
  const takesBookings = summary !== undefined;


  return (
    <div className="event-bookings">
      <h3 className="event-bookings__title">Bookings</h3>
      <p className="event-bookings__count">
        {takesBookings ? (
          <>
            <strong>{summary.countText}</strong>
            {summary.cancelledAt === null ? null : ' (the event is cancelled)'}
            {summary.counts.toPhone > 0 ? ` — ${summary.counts.toPhone} to phone` : null}
          </>
        ) : (
          'This event does not take bookings on the website.'
        )}
      </p>
      <div id={outcomeId} tabIndex={-1} className="event-bookings__outcome">
        {problem === null ? null : (
          <p role="alert" className="status status--error">
            {problem.message}
          </p>
        )}
        {notice === null ? null : (
          <div role="status" className="status status--success">
            <p>{notice}</p>
            {toPhone.length === 0 ? null : (
              <ul className="event-bookings__to-phone">
                {toPhone.map((booking) => (
                  <li key={booking.id}>
                    {booking.name}: {booking.phone ?? 'no phone number'}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {editing ? (
        <SettingsEditor
          takesBookings={takesBookings}
          eventPath={eventPath}
          title={title}
          errors={lastForm === 'settings' ? errors : {}}
          busy={busy}
          send={send}
          onSubmitted={() => setLastForm('settings')}
          onClose={() => setEditing(false)}
        />
      ) : (
        <div className="event-bookings__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-label={`${takesBookings ? 'Change booking settings' : 'Take bookings for this event'} for ${title}`}
            onClick={() => setEditing(true)}
          >
            {takesBookings ? 'Change booking settings' : 'Take bookings for this event'}
          </button>
          {takesBookings ? (
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={showing}
              aria-label={`${showing ? 'Hide the bookings' : 'See the bookings'} for ${title}`}
              onClick={() => setShowing(!showing)}
            >
              {showing ? 'Hide the bookings' : 'See the bookings'}
            </button>
          ) : null}
        </div>
      )}
      {takesBookings && showing ? (
        <BookingsList
          eventPath={eventPath}
          title={title}
          panelId={panelId}
          state={{ confirmingId, confirmingEvent: confirming?.kind === 'cancelEvent', busy }}
          errors={errors}
          lastForm={lastForm}
          send={send}
          setLastForm={setLastForm}
        />
      ) : null}
    </div>
  );
}

/** The settings every event's bookings share: when reminders go, and how long bookings are kept. */
export function BookingGlobalSettingsSection() {
  const machines = useAdminMachines();
  const afterRender = useAfterRender();
  const id = useId();
  const settings = useRouteData(bookingGlobalSettingsQuery());
  const [machine] = useState(() =>
    machines.bookingsAdmin({
      focusNotice: () => afterRender(() => focusById(`${id}-outcome`)),
      focusProblem: () => afterRender(() => focusById(`${id}-outcome`)),
      focusButton: () => undefined,
      settingsSaved: () => undefined,
    }),
  );
  const [state, send] = useMachine(machine);
  const { notice, problem } = state.context;
  const errors = problem?.fieldErrors ?? {};
  const busy = state.matches('working');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (settings.status !== 'ready') return;
    const form = event.currentTarget;
    send({
      type: 'job.start',
      job: {
        kind: 'saveGlobalSettings',
        settings: { reminderTime: readText(form, 'reminderTime').trim(), timeZone: settings.data.timeZone, keepMonths: wholeNumber(readText(form, 'keepMonths')) },
      },
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="admin-card event-bookings__settings">
      <h2 id={`${id}-heading`}>Settings for every event&rsquo;s bookings</h2>
      <div id={`${id}-outcome`} tabIndex={-1} className="event-bookings__outcome">
        {problem === null ? null : (
          <p role="alert" className="status status--error">
            {problem.message}
          </p>
        )}
        {notice === null ? null : (
          <p role="status" className="status status--success">
            {notice}
          </p>
        )}
      </div>
      {settings.status === 'loading' ? <p role="status">Loading the settings...</p> : null}
      {settings.status === 'error' ? (
        <p role="alert" className="status status--error">
          The settings could not be loaded. {settings.error.message}
        </p>
      ) : null}
      {settings.status === 'ready' ? (
        <form className="event-bookings__form" noValidate onSubmit={onSubmit}>
          <LabelledField
            id={`${id}-reminder`}
            label="Time of the reminder e-mail"
            hint={`Everyone booked gets one reminder the day before the event, at this time (${settings.data.timeZone} time). For example 10:00.`}
            error={errors.reminderTime}
          >
            {(aria) => <input {...aria} name="reminderTime" type="time" defaultValue={settings.data.reminderTime} disabled={busy} />}
          </LabelledField>
          <LabelledField
            id={`${id}-keep`}
            label="Months to keep bookings after an event"
            hint="Bookings are personal details: after this many months they are deleted."
            error={errors.keepMonths}
          >
            {(aria) => (
              <input {...aria} name="keepMonths" type="number" inputMode="numeric" min={1} max={BOOKING_LIMITS.keepMonths} defaultValue={settings.data.keepMonths} disabled={busy} />
            )}
          </LabelledField>
          <button type="submit" className="button" disabled={busy}>
            Save settings
          </button>
        </form>
      ) : null}
    </section>
  );
}
