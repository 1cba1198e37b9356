import { useMachine } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NAV_LINKS } from '../../../src-core/domain/navigation';
import { useMachines } from '../../lib/backend.context';
import './site-nav.css';

const MENU_ID = 'main-menu';
const TOGGLE_ID = 'main-menu-toggle';

/** 'page' on the link to this very page; 'true' on News while reading one of its articles. */
function currentness(pathname: string, to: string): 'page' | 'true' | undefined {
  if (pathname === to) return 'page';
  if (to === '/news' && pathname.startsWith('/article/')) return 'true';
  return undefined;
}

function MenuIcon({ open }: { readonly open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      ) : (
        <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** What the server's menu was doing when the app took it over. */
interface TakeOver {
  readonly wasOpen: boolean;
  readonly hadFocus: boolean;
}

/**
 * The main navigation. From 768px wide every link shows; below that a 'Menu' button opens and
 * closes the list. The menu machine decides open or closed; this component only reports what
 * happened (toggle, link chosen, outside click, Escape) and renders the state.
 *
 * Before the app runs (a slow phone, a script that failed or is blocked) the server's page has
 * a native disclosure instead, a details element whose summary opens and closes the list with
 * no script at all. The app swaps in its button right after hydration, keeping the menu as the
 * reader left it (open or closed, and focus on the toggle), so the list is hidden only once
 * something can open it again.
 */
export function SiteNav({ after }: { readonly after?: ReactNode }) {
  const navRef = useRef<HTMLElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, key: locationKey } = useLocation();
  const firstLocationKey = useRef(locationKey);
  const machines = useMachines();
  // Escape closes the menu and puts keyboard users back on the button that opened it.
  const [machine] = useState(() => machines.menu({ focusToggle: () => document.getElementById(TOGGLE_ID)?.focus() }));
  const [state, send] = useMachine(machine);
  const [takenOver, setTakenOver] = useState<TakeOver | null>(null);
  const open = state.matches('open');

  // Before the browser paints again, so the swap never shows.
  useLayoutEffect(() => {
    const details = detailsRef.current;
    if (details === null) return;
    setTakenOver({ wasOpen: details.open, hadFocus: details.contains(document.activeElement) });
  }, []);

  useEffect(() => {
    if (takenOver === null) return;
    if (takenOver.wasOpen) send({ type: 'menu.toggle' });
    if (takenOver.hadFocus) toggleRef.current?.focus();
  }, [takenOver, send]);

  // Any move to another page closes the menu, not only its own links: a search sent from the
  // header's box with the phone menu open lands on the results with the menu closed.
  useEffect(() => {
    if (locationKey !== firstLocationKey.current) send({ type: 'menu.link-chosen' });
  }, [locationKey, send]);

  useEffect(() => {
    if (!open) return;
    // Listeners exist only while the menu is open, and only in the browser (effects never run on a server).
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && navRef.current?.contains(event.target)) return;
      send({ type: 'menu.outside-click' });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') send({ type: 'menu.escape' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, send]);

  const list = (
    <ul id={MENU_ID} className="site-nav__list" data-open={takenOver === null ? undefined : open}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="site-nav__link"
            aria-current={currentness(pathname, link.to)}
            onClick={() => send({ type: 'menu.link-chosen' })}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="site-nav" data-open={open}>
      <div className="site-nav__inner">
        <nav ref={navRef} className="site-nav__main" aria-label="Main">
          {takenOver === null ? (
            <details ref={detailsRef} className="site-nav__disclosure">
              <summary className="site-nav__toggle">
                <MenuIcon open={false} />
                <span className="site-nav__toggle-text">Menu</span>
              </summary>
              {list}
            </details>
          ) : (
            <>
              <button
                ref={toggleRef}
                id={TOGGLE_ID}
                type="button"
                className="site-nav__toggle"
                aria-expanded={open}
                aria-controls={MENU_ID}
                onClick={() => send({ type: 'menu.toggle' })}
              >
                <MenuIcon open={open} />
                <span className="site-nav__toggle-text">Menu</span>
              </button>
              {list}
            </>
          )}
        </nav>
        {after}
      </div>
    </div>
  );
}
