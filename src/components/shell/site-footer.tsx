import { Link } from 'react-router-dom';
import { FOOTER_LINKS, SITE_TITLE } from '../../../src-core/domain/navigation';
import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Legal">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__note">
          {SITE_TITLE}: Strength in Unity, Caring for the Carers.
        </p>
      </div>
    </footer>
  );
}
