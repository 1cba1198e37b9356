import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SITE_TITLE } from '../../../src-core/domain/navigation';
import { PAGE_HEADING_ID } from '../page-heading';
import { AdminShieldIcon } from './admin-shield-icon';
import { Logo } from './logo';
import { SearchForm } from '../search-form';
import './site-header.css';

/**
 * Heading levels: the association's name is the header's main heading (docs/behaviour.md#the-frame-of-every-page), and every
 * page also needs one clear h1 naming what it is about. As many sites do, the name is the
 * page's h1 on the home page (where the association itself is the subject, and its content
 * continues with h2 sections) and a styled paragraph elsewhere, where the page's own title is
 * the h1 (PageHeading). So each page has exactly one h1 and no level is skipped.
 */
export function SiteHeader({ navigation }: { readonly navigation: ReactNode }) {
  const isHome = useLocation().pathname === '/';
  const name = isHome ? (
    <h1 className="site-header__name" id={PAGE_HEADING_ID} tabIndex={-1}>
      {SITE_TITLE}
    </h1>
  ) : (
    <p className="site-header__name">{SITE_TITLE}</p>
  );

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo-link" aria-label={`${SITE_TITLE}, home page`}>
          <Logo className="site-header__logo" />
        </Link>
        <div className="site-header__titles">
          {name}
          <ul className="site-header__mottos" aria-label="Our mottos">
            <li>Strength in Unity</li>
            <li>Caring for the Carers</li>
          </ul>
        </div>
        <SearchForm id="site-search-query" label="Search this website" className="site-header__search" />
        <Link to="/admin" className="site-header__admin" aria-label="Administrator area">
          <AdminShieldIcon />
        </Link>
      </div>
      {navigation}
    </header>
  );
}
