import { useBackend } from '../../lib/backend.context';
import { ExternalLink } from '../../components/external-link';
import { AdminCard } from './admin-card';

/**
 * What this admin area does not hold on a backend without a server of its own (the hosted site),
 * and where each of those lives instead, so a volunteer is not left looking for it.
 */
export function KeptElsewhereSection() {
  const { contactInbox, associationEditor, account, audit, memberMail, membershipAdmin, membershipAdminPages, visits } = useBackend();
  if (
    contactInbox !== undefined &&
    associationEditor !== undefined &&
    account !== undefined &&
    audit !== undefined &&
    memberMail !== undefined &&
    membershipAdmin !== undefined &&
    membershipAdminPages === undefined &&
    visits !== undefined
  ) {
    return null;
  }
  return (
    <AdminCard title="Kept elsewhere on this website">
      <ul>
        {contactInbox === undefined && (
          <li>
            <strong>Contact messages</strong> are not kept here: EmailJS e-mails each one to the association&apos;s mailbox, and its{' '}
            <ExternalLink href="https://dashboard.emailjs.com/">dashboard</ExternalLink> lists the e-mails it has sent.
          </li>
        )}
        {associationEditor === undefined && (
          <li>
            <strong>The association&apos;s details</strong> (the footer, Contact and Join Us Today) are set when the website is built, in
            its VITE_ASSOCIATION_ settings, or in the content management site where the website is set up to read them from there. Ask
            whoever builds the website to change them.
          </li>
        )}
        {account === undefined && (
          <li>
            <strong>Your password and two-step sign-in</strong> are kept by Firebase: whoever runs the website&apos;s Firebase project
            changes them in the <ExternalLink href="https://console.firebase.google.com/">Firebase console</ExternalLink>{' '}
            (Authentication, Users). &apos;Forgot password&apos; e-mails are sent from there too.
          </li>
        )}
        {audit === undefined && (
          <li>
            <strong>There is no activity record here.</strong> The Firebase console shows when each administrator last signed in
            (Authentication, Users).
          </li>
        )}
        {memberMail === undefined && (
          <li>
            <strong>E-mail to members</strong> (a list of people who get the news by e-mail, and sending it to them) needs the
            website&apos;s own server, the self-hosted version. This website does not have it yet, so send news to members from your
            own e-mail for now.
          </li>
        )}
        {membershipAdmin === undefined && (
          <li>
            <strong>Applications to join and the list of members</strong> (approving or declining an application, giving membership
            numbers, welcome letters, branches) need the website&apos;s own server, the self-hosted version. This website does not have
            them yet, so keep taking applications on paper for now.
          </li>
        )}
        {membershipAdmin !== undefined && membershipAdminPages !== undefined && (
          <li>
            <strong>Payments, renewals, importing a member list and branches</strong> need the website&apos;s own server, the
            self-hosted version. Here you decide applications and see the members made from them; keep payments and renewals in your
            own records for now.
          </li>
        )}
        {visits === undefined && (
          <li>
            <strong>Visits</strong> (how many people read each page and download each newsletter, counted without cookies) need the
            website&apos;s own server, the self-hosted version. This website does not count them yet.
          </li>
        )}
      </ul>
    </AdminCard>
  );
}
