import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
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

/**
 * The main navigation. From 768px wide every link shows; below that a 'Menu' button opens and
 * closes the list. The menu machine decides open or closed; this component only reports what
 * happened (toggle, link chosen, outside click, Escape) and renders the state.
 */
export function SiteNav() {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const machines = useMachines();
  // Escape closes the menu and puts keyboard users back on the button that opened it.
  const [machine] = useState(() => machines.menu({ focusToggle: () => document.getElementById(TOGGLE_ID)?.focus() }));
  const [state, send] = useMachine(machine);
  const open = state.matches('open');

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

  return (
    <nav ref={navRef} className="site-nav" aria-label="Main">
      <div className="site-nav__inner">
        <button
          id={TOGGLE_ID}
          type="button"
          className="site-nav__toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => send({ type: 'menu.toggle' })}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {open ? (
              <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            ) : (
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            )}
          </svg>
          Menu
        </button>
        <ul id={MENU_ID} className="site-nav__list" data-open={open}>
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
      </div>
    </nav>
  );
}
