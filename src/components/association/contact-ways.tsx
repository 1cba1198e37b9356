import {
  addressLines,
  mailtoHref,
  socialLinkName,
  telHref,
  type AssociationDetails,
} from '../../../src-core/domain/association-details';
import { ExternalLink } from '../external-link';
import './contact-ways.css';

/**
 * How to reach the association: who, the postal address, phone and e-mail (as links a phone and a
 * mail program open), opening hours, charity number and social pages. Empty fields are left out.
 */
export function ContactWays({ details, className }: { readonly details: AssociationDetails; readonly className?: string }) {
  const lines = addressLines(details.address);
  return (
    <div className={className === undefined ? 'contact-ways' : `contact-ways ${className}`}>
      {(details.contactName !== '' || lines.length > 0) && (
        <address className="contact-ways__address">
          {[details.contactName, ...lines]
            .filter((line) => line !== '')
            .map((line, index) => (
              <span key={index} className="contact-ways__line">
                {line}
              </span>
            ))}
        </address>
      )}
      <ul className="contact-ways__list">
        {details.phone !== '' && (
          <li>
            Phone: <a href={telHref(details.phone)}>{details.phone}</a>
          </li>
        )}
        {details.email !== '' && (
          <li>
            E-mail: <a href={mailtoHref(details.email)}>{details.email}</a>
          </li>
        )}
        {details.openingHours !== '' && <li>Opening hours: {details.openingHours}</li>}
        {details.charityNumber !== '' && <li>Registered charity number: {details.charityNumber}</li>}
        {details.socialLinks.map((link) => (
          <li key={link}>
            <ExternalLink href={link}>{socialLinkName(link)}</ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The other ways to reach us, in one sentence, for a message that says "contact us another way":
 * "You can also phone us on 01 234 5678 or e-mail office@example.org." Nothing when there is none.
 */
export function OtherWays({ details }: { readonly details: AssociationDetails | undefined }) {
  if (details === undefined) return null;
  const { phone, email } = details;
  const lines = addressLines(details.address);
  if (phone === '' && email === '' && lines.length === 0) return null;
  return (
    <p className="other-ways">
      {phone !== '' && (
        <>
          You can also phone us on <a href={telHref(phone)}>{phone}</a>
          {details.openingHours === '' ? '' : ` (${details.openingHours})`}
        </>
      )}
      {phone !== '' && email !== '' && ' or '}
      {email !== '' && (
        <>
          {phone === '' ? 'You can also ' : ''}e-mail <a href={mailtoHref(email)}>{email}</a>
        </>
      )}
      {phone === '' && email === '' && <>You can also write to us at {lines.join(', ')}</>}.
    </p>
  );
}
