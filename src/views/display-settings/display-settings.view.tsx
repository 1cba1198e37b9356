import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COLOUR_LABELS,
  COLOUR_SCHEMES,
  DISPLAY_SETTINGS_PATH,
  TEXT_SIZES,
  TEXT_SIZE_LABELS,
  displaySettingsFrom,
  safeReturnPath,
} from '../../../src-core/domain/display-settings';
import { pageTitle } from '../../../src-core/domain/navigation';
import { useDisplaySettings, useSaveDisplaySettings } from '../../lib/display-settings.context';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import './display-settings.css';

/**
 * Text size and colours for every page (docs/behaviour.md#display-settings). The form posts to
 * the server where script has not run (server/routes/display-settings.routes.ts), which saves the
 * choice and sends the reader back here with ?saved=1; with script it is saved in the page at once.
 */
export function DisplaySettingsView() {
  usePageTitle(pageTitle('display-settings'));
  const current = useDisplaySettings();
  const save = useSaveDisplaySettings();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'));
  // Saved in this page just now, or by the server before it sent the reader back here.
  const [savedHere, setSavedHere] = useState(false);
  const saved = savedHere || params.has('saved');

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save(displaySettingsFrom(form.get('text'), form.get('colours')));
    setSavedHere(true);
    // The confirmation is read out from its live region; focus stays on the button.
  }

  return (
    <article className="prose display-settings">
      <PageHeading>Display settings</PageHeading>
      <p>
        Choose how big the text is and which colours the pages use. Your choice applies to every page of this
        website and is remembered on this device.
      </p>

      <div role="status" className="display-settings__status">
        {saved && (
          <div className="status status--success">
            <p>Your display settings are saved. Every page now uses them.</p>
            {from !== undefined && (
              <p>
                <Link to={from}>Go back to the page you were reading</Link>
              </p>
            )}
          </div>
        )}
      </div>

      <form method="post" action={DISPLAY_SETTINGS_PATH} className="display-settings__form" onSubmit={onSubmit}>
        <input type="hidden" name="from" value={from ?? ''} />
        <fieldset>
          <legend>Text size</legend>
          {TEXT_SIZES.map((size) => (
            <label key={size} className={`display-settings__choice display-settings__choice--${size}`}>
              <input type="radio" name="text" value={size} defaultChecked={current.textSize === size} />
              <span>{TEXT_SIZE_LABELS[size]}</span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Colours</legend>
          {COLOUR_SCHEMES.map((scheme) => (
            <label key={scheme} className="display-settings__choice">
              <input type="radio" name="colours" value={scheme} defaultChecked={current.colours === scheme} />
              <span>{COLOUR_LABELS[scheme]}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Save settings
        </button>
      </form>

      <h2>What standard means</h2>
      <p>
        Standard keeps what your own browser and device already say. If you have made the text bigger in your
        browser, or turned on high contrast or dark mode on your phone or computer, the pages follow that. Large
        and Largest make the text bigger still, on top of your browser&apos;s own size.
      </p>
      <p>
        To remember your choice we keep one small file, called a cookie, on this device. It holds your choice and
        nothing else, and is never used to track you. Choosing Standard for both removes it.
      </p>
    </article>
  );
}
