import { Link, useLocation } from 'react-router-dom';
import { DISPLAY_SETTINGS_PATH, safeReturnPath } from '../../../src-core/domain/display-settings';

/** 'Aa' in a box: text size and colours. */
function DisplayIcon() {
  return (
    <svg viewBox="0 0 28 24" width="25" height="22" aria-hidden="true" focusable="false">
      <path d="M2 20 8 4h2l6 16M4.6 14h8.8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M18 12.5c1-1.4 2.4-2 4-2 2.3 0 3.5 1.2 3.5 3.4V20m0-4.5c-3.4-.3-7 0-7 2.4 0 1.5 1.2 2.3 2.7 2.3 2.2 0 4.3-1.6 4.3-4.7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * On every page, beside the menu: the way to the reader's text size and colours. It names the
 * page it was followed from, so the settings page can lead back there (without script too).
 */
export function DisplaySettingsLink() {
  const { pathname, search } = useLocation();
  const here = pathname === DISPLAY_SETTINGS_PATH;
  const from = safeReturnPath(`${pathname}${search}`);
  const back = from === undefined ? '' : `?${new URLSearchParams({ from }).toString()}`;
  return (
    <Link to={here ? `${pathname}${search}` : `${DISPLAY_SETTINGS_PATH}${back}`} className="display-settings-link" aria-current={here ? 'page' : undefined}>
      <DisplayIcon />
      Display settings
    </Link>
  );
}
