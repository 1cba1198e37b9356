import { Link } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { BranchesLink } from '../../components/branches-link';

export function AboutView() {
  usePageTitle(pageTitle('about'));

  return (
    <article className="prose">
      <PageHeading>About Us</PageHeading>

      <h2>Our history</h2>
      <p>
        The Retired Nurses Association of Ireland was founded on 3 September 1996 by nurses who believed that
        retired colleagues deserved a voice of their own. From those first meetings it has grown into a national
        association with over 5,000 members.
      </p>

      <h2>Our aims</h2>
      <ul>
        <li>To protect the pension rights and entitlements of retired nurses of every specialty.</li>
        <li>To negotiate group rates and benefits for members in commercial, leisure and healthcare services.</li>
        <li>To give nurse pensioners a community for friendship, networking and mutual support.</li>
        <li>To keep members informed through our news, newsletters and events.</li>
      </ul>

      <h2>Membership</h2>
      <p>
        Membership is open to all retired nurses, whatever their area of practice. With 21 branches across 26
        counties, members can meet locally as well as nationally. To become a member, download the membership
        form from our <Link to="/documents">Join Now</Link> page.
      </p>
      <BranchesLink>Each branch meets regularly, and new faces are always welcome.</BranchesLink>

      <h2>Conferences</h2>
      <p>
        Our conferences bring members from every branch together to hear speakers on pensions, health and
        wellbeing, to discuss the issues that matter most to retired nurses, and to meet old friends and new.
        When a conference or other gathering is planned, you will find the details on our{' '}
        <Link to="/events">Events</Link> page.
      </p>
    </article>
  );
}
