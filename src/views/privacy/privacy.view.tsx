import { Link } from 'react-router-dom';
import { AUDIT_RETENTION_MONTHS } from '../../../src-core/domain/audit';
import { EXPIRED_INVITATION_KEPT_DAYS } from '../../../src-core/domain/roles';
import { CONTACT_MESSAGE_RETENTION_MONTHS } from '../../../src-core/domain/contact-retention';
import { pageTitle } from '../../../src-core/domain/navigation';
import { CONFIRMATION_DAYS } from '../../../src-core/domain/subscription';
import { DECLINED_KEPT_DAYS, MEMBER_KEPT_MONTHS_AFTER_LEAVING } from '../../../src-core/domain/joining';
import { SEARCH_TEXT_KEPT_DAYS } from '../../../src-core/domain/visits';
import { bookingPrivacyParagraphs } from '../../../src-core/domain/bookings';
import { useBackend } from '../../lib/backend.context';
import { useAssociationDetails } from '../../components/association/association-details.hook';
import { ContactWays } from '../../components/association/contact-ways';
import { ExternalLink } from '../../components/external-link';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';

export function PrivacyView() {
  usePageTitle(pageTitle('privacy-policy'));
  // What is true of the backend the site was built with (src-core/ports/backend.ts).
  const { privacy, subscriptions, membership, branches, bookings } = useBackend();
  const details = useAssociationDetails();

  return (
    <article className="prose">
      <PageHeading>Privacy Policy</PageHeading>

      <h2>Use of materials</h2>
      <p>
        The text, newsletters and documents on this website are published by the Retired Nurses Association of
        Ireland for the information of our members and the public. You are welcome to read, download and print
        them for your own use, and to share them with others who may find them helpful. Please do not change
        them, sell them or present them as someone else&apos;s work. If you would like to reproduce material
        elsewhere, please <Link to="/contact">contact us</Link> first.
      </p>

      <h2>What we collect when you contact us</h2>
      <p>When you send a message through our contact form, we keep:</p>
      <ul>
        <li>your name,</li>
        <li>your e-mail address,</li>
        <li>your message,</li>
        <li>and the date and time we received it.</li>
      </ul>
      <p>
        We use these only to read and answer your message. We do not add you to any mailing list and we never
        sell or pass your details to anyone else.
      </p>

      <h2>How long we keep it</h2>
      {privacy.contactMessages.keptBy === 'our-server' ? (
        <p>
          We keep a contact message for {CONTACT_MESSAGE_RETENTION_MONTHS} months after we receive it, so that we can
          follow up on it. After {CONTACT_MESSAGE_RETENTION_MONTHS} months it is deleted.
        </p>
      ) : (
        <p>
          Your message is passed to our association&apos;s mailbox by {privacy.contactMessages.sentThrough}, an e-mail
          service; this website keeps no copy of it. We keep it in our mailbox for {CONTACT_MESSAGE_RETENTION_MONTHS}{' '}
          months after we receive it, so that we can follow up on it, and then delete it.
        </p>
      )}

      <h2>Cookies and tracking</h2>
      {privacy.outsideServices.length === 0 ? (
        <p>
          Visitors to this website are not tracked. We use no advertising or analytics cookies and load nothing
          from other companies&apos; servers.
        </p>
      ) : (
        <>
          <p>
            Visitors to this website are not tracked, and we use no advertising or analytics cookies. Your browser
            does talk to these companies, which see its internet address as any website you visit does:
          </p>
          <ul>
            {privacy.outsideServices.map((service) => (
              <li key={service.name}>
                {service.name}, which {service.purpose}.
              </li>
            ))}
          </ul>
        </>
      )}
      {privacy.administratorSignIn.keptBy === 'our-cookie' ? (
        <p>
          We set four cookies at most. One remembers the text size and colours you choose in our{' '}
          <Link to="/display-settings">display settings</Link>, and holds that choice and nothing else; it is set
          only if you choose something other than standard. The others are only for our volunteer administrators:
          one keeps them signed in while they update the site, one holds a sign-in for five minutes while it waits
          for their two-step code, and one remembers the browsers they have signed in with, so that nobody can lock
          them out by guessing their password.
        </p>
      ) : (
        <p>
          We set one cookie, and only if you choose a text size or colours other than standard in our{' '}
          <Link to="/display-settings">display settings</Link>: it remembers that choice and holds nothing else.
          When our volunteer administrators sign in to update the site, {privacy.administratorSignIn.service} keeps
          them signed in with details stored in their own browser.
        </p>
      )}

      {privacy.visitCounts ? (
        <>
          <h2>Counting visits</h2>
          <p>
            So that our committee knows what is read, our website&apos;s own server counts, for each day, how many times
            each page was opened and each file downloaded, the words of searches that found nothing, and the names of
            other websites whose links brought visitors here. These are numbers only: we set no cookie for this and store
            nothing in your browser, and we keep no internet address, no details of your device and nothing else that
            could tell one visitor from another. Before a search is counted, anything that looks like an e-mail address
            or a phone number is taken out of it, and the words of searches are deleted after {SEARCH_TEXT_KEPT_DAYS}{' '}
            days. Search engines and other robots are not counted. Only our volunteer administrators see the counts.
          </p>
        </>
      ) : null}
      {privacy.auditTrail ? (
        <>
          <h2>Signing in to the admin area</h2>
          <p>
            To keep the website safe, we record every attempt to sign in to its admin area and every change our
            administrators make: who it was (or the e-mail address that was tried), what was done, when, and the
            internet address it came from. We keep these records for {AUDIT_RETENTION_MONTHS} months and then
            delete them.
          </p>
          <p>
            For each volunteer who helps run the website we keep their e-mail address, their role, their password
            (scrambled so that nobody can read it), and for two-step sign-in the secret their app uses and the browsers
            they chose to trust, for as long as they have an account: an administrator deleting it deletes these too.
            The records of their signing in are kept for {AUDIT_RETENTION_MONTHS} months like the others. An invitation
            to join the team (an e-mail address and a role) is deleted when it is accepted, or{' '}
            {EXPIRED_INVITATION_KEPT_DAYS} days after its link expired.
          </p>
        </>
      ) : null}
      {subscriptions === undefined ? null : (
        <>
          <h2>News by e-mail</h2>
          <p>
            When you ask for our news by e-mail,{' '}
            {privacy.subscribersKeptBy === undefined ? <>our website&apos;s own server keeps</> : <>{privacy.subscribersKeptBy} keeps for us</>} your e-mail address, the name you
            gave (if any), when you asked and confirmed, which form you used and the words you agreed to. We keep
            them to send you our news and newsletters, and to show that you asked for them; we use your address for
            nothing else. Each e-mail we send you is recorded too (when, and whether it was delivered), so that no
            one gets the same e-mail twice.
          </p>
          <p>
            A request you do not confirm is deleted after {CONFIRMATION_DAYS} days. Once confirmed, your details are kept
            until you leave the list: every e-mail has a link to unsubscribe with one button, and our administrators can
            remove you on request. Only our volunteer administrators see the list, and the company that delivers our
            e-mail sees your address as it passes each message on.
          </p>
        </>
      )}

      {membership === undefined ? null : (
        <>
          <h2>Applying to join</h2>
          <p>
            When you apply to join through our <Link to="/join">join form</Link>,{' '}
            {privacy.applicationsKeptBy === undefined ? <>our website&apos;s own server keeps</> : <>{privacy.applicationsKeptBy} keeps for us</>} what
            you wrote: your name, postal address, Eircode, phone number, e-mail address, nursing background, NMBI PIN
            and branch, whether you asked for our news by e-mail, the words you agreed to and when, when your
            application arrived, and our decision on it (who made it, when, and any note we sent you). We keep them to
            decide on your application and, if you join, to look after your membership; we use them for nothing else.
          </p>
          <p>
            If we decline an application, it is deleted {DECLINED_KEPT_DAYS} days after our decision. If you join, your
            details are kept as your member record, with the payments we record for you, for as long as you are a
            member; if you resign, or when a member dies, the record is erased {MEMBER_KEPT_MONTHS_AFTER_LEAVING} months
            later. You can ask us to erase it sooner at any time. Only our volunteer administrators see applications and
            member records.
            If you gave an e-mail address, the company that delivers our e-mail sees it as it passes our messages to you
            on.
          </p>
        </>
      )}

      {branches === undefined ? null : (
        <>
          <h2>Branch contacts</h2>
          <p>
            A branch&apos;s page on this website may name a contact for the branch, with a phone number and an e-mail
            address. These are a volunteer&apos;s own details, published on purpose, because they asked us to, so that
            people near them can get in touch. To have them taken down, <Link to="/contact">contact us</Link>: our
            administrators, or the branch&apos;s own officer, clear the contact in the admin area, and it is gone from
            the website at once, and from the website&apos;s search moments later. Search engines such as Google may
            show their old copy of the page until they next visit it.
          </p>
        </>
      )}

      {bookings === undefined ? null : (
        <>
          <h2>Booking a place at an event</h2>
          {/* The default retention: the page is the same for every visitor and made before any settings are read. */}
          {bookingPrivacyParagraphs(undefined, privacy.bookingsKeptBy).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </>
      )}

      <h2>Who is responsible for your details</h2>
      <p>
        The Retired Nurses Association of Ireland is the data controller for the details you send us: we decide
        what is kept and why, and we answer for it.
      </p>
      {details !== undefined && <ContactWays details={details} className="privacy__controller" />}

      <h2>Your rights</h2>
      <p>
        Under data protection law you may ask to see the details we hold about you, to have them corrected, or to
        have them deleted sooner. Send us a message through the <Link to="/contact">contact form</Link> and we
        will do so.
      </p>
      <p>
        If you are unhappy with how we have dealt with your details, you have the right to complain to the Data
        Protection Commission, Ireland&apos;s data protection authority, at{' '}
        <ExternalLink href="https://www.dataprotection.ie">www.dataprotection.ie</ExternalLink>.
      </p>
    </article>
  );
}
