import { MailingSection } from './mailing-section';
import { SubscribersSection } from './subscribers-section';
import './member-mail.css';

/** 'E-mail to members' (self-hosted): sending news and newsletters, and the list of people who get them. */
export function MemberMailPage() {
  return (
    <>
      <MailingSection />
      <SubscribersSection />
    </>
  );
}
