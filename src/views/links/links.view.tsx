import { pageTitle } from '../../../src-core/domain/navigation';
import { ExternalLink } from '../../components/external-link';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { USEFUL_LINKS } from './useful-links';
import './links.css';

export function LinksView() {
  usePageTitle(pageTitle('links'));

  return (
    <>
      <PageHeading>Important Links</PageHeading>
      <p>Official sources of information on pensions, entitlements and services for retired people in Ireland.</p>
      <ul className="grid">
        {USEFUL_LINKS.map((link) => (
          <li key={link.url} className="card useful-link">
            <h2 className="useful-link__title">
              <ExternalLink href={link.url} className="card__link">
                {link.title}
              </ExternalLink>
            </h2>
            <p>{link.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
