import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PAGE_HEADING_ID } from '../page-heading';
import { DisplaySettingsLink } from './display-settings-link';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteNav } from './site-nav';
import './site-layout.css';

const MAIN_ID = 'main-content';

// Without script the fragment link works by itself; with it, moving focus directly keeps the
// router from seeing a new history entry (which would move focus to the page heading instead).
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * Marks the page interactive once React has committed the page with its content (it sits inside
 * the page's Suspense boundary, so a lazy page counts only once it is in). Browser tests wait for
 * `html[data-interactive]` before a key press or a click, since a node React has claimed during a
 * concurrent hydration may not have its handlers yet.
 */
function MarkInteractive(): null {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

export function SiteLayout() {
  const location = useLocation();
  // The first page is announced by the browser itself; only later navigations move focus.
  // Comparing keys (not a "first run" flag) keeps this right when effects run twice in StrictMode.
  const initialKey = useRef(location.key);

  useEffect(() => {
    if (location.key === initialKey.current) return;
    document.getElementById(PAGE_HEADING_ID)?.focus();
  }, [location.key]);

  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <SiteHeader navigation={<SiteNav after={<DisplaySettingsLink />} />} />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Suspense fallback={<p role="status">Loading...</p>}>
          <Outlet />
          <MarkInteractive />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
