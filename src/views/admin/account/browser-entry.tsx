import { adminDateTime } from './admin-date-time';

export interface BrowserEntryProps {
  /** 'Firefox on Windows', as the server read it from the browser. */
  readonly browser: string;
  readonly address: string;
  /** Said after the name when it is the browser in use: ' (this device)'. */
  readonly thisOne: string | false;
  /** The one date shown: when it was last used, or until when it is trusted. */
  readonly when: { readonly label: string; readonly at: string };
  /** The button that ends it, named with the browser and address for a screen reader. */
  readonly end?: { readonly text: string; readonly busy: boolean; readonly onEnd: () => void };
}

/** One browser in the account's lists of signed-in devices and trusted browsers. */
export function BrowserEntry({ browser, address, thisOne, when, end }: BrowserEntryProps) {
  return (
    <li className="admin-devices__device">
      <p className="admin-devices__browser">
        <strong>{browser}</strong>
        {thisOne}
      </p>
      <dl className="admin-devices__facts">
        <div>
          <dt>Address</dt>
          <dd>{address}</dd>
        </div>
        <div>
          <dt>{when.label}</dt>
          <dd>
            <time dateTime={when.at}>{adminDateTime(when.at)}</time>
          </dd>
        </div>
      </dl>
      {end !== undefined && (
        <button type="button" className="button button--secondary" disabled={end.busy} aria-label={`${end.text} ${browser}, ${address}`} onClick={end.onEnd}>
          {end.text}
        </button>
      )}
    </li>
  );
}
