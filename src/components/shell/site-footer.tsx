import { Link, useLocation } from 'react-router-dom';
import type { AssociationDetails } from '../../../src-core/domain/association-details';
import { FOOTER_LINKS, SITE_TITLE } from '../../../src-core/domain/navigation';
import { useAssociationDetails } from '../association/association-details.hook';
import { ContactWays } from '../association/contact-ways';
import { SubscriptionFormPart } from '../subscription-form.part';
import { BranchesLink } from '../branches-link';
import './site-footer.css';

/** Whether ContactWays shows anything: a build that sets no details has no heading without content under it. */
function showsAnyContactWay(details: AssociationDetails): boolean {
  return (
    [details.contactName, details.address, details.phone, details.email, details.openingHours, details.charityNumber].some((field) => field !== '') ||
    details.socialLinks.length > 0
  );
}

/** The contact page shows these details in a section of its own: the footer does not repeat them there. */
const CONTACT_PATH = '/contact';

/**
 * Pages with a subscription form of their own (or about subscribing), and the pages with a form
 * of their own (contact, sign-in, the admin area): the footer's would be a second form beside the
 * page's, and volunteers at work in the admin area have no use for it.
 */
const hasItsOwnForm = (pathname: string) =>
  ['/', '/news', CONTACT_PATH, '/join', '/unsubscribe', '/login', '/admin'].includes(pathname) || pathname.startsWith('/subscribe') || pathname.startsWith('/admin/');

export function SiteFooter() {
  const details = useAssociationDetails();
  const { pathname } = useLocation();
  const onContactPage = pathname === CONTACT_PATH;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {details !== undefined && showsAnyContactWay(details) && !onContactPage && (
          <section aria-labelledby="footer-contact" className="site-footer__contact">
            <h2 id="footer-contact" className="site-footer__heading">
              Contact the association
            </h2>
            <ContactWays details={details} className="site-footer__ways" />
          </section>
        )}
        {!hasItsOwnForm(pathname) && <SubscriptionFormPart form="footer" className="site-footer__subscribe" />}
        <nav aria-label="Legal">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <BranchesLink className="site-footer__branches">Meet other retired nurses near you.</BranchesLink>
        <p className="site-footer__note">
          {SITE_TITLE}: Strength in Unity, Caring for the Carers.
        </p>
      </div>
    </footer>
  );
}
