import { useSyncExternalStore } from 'react';
import { JOIN_PAGES, MEMBERSHIP_MESSAGES } from '../../../src-core/domain/joining';
import { hasContactWay } from '../../../src-core/domain/association-details';
import { pageTitle } from '../../../src-core/domain/navigation';
import { useAssociationDetails } from '../../components/association/association-details.hook';
import { ContactWays } from '../../components/association/contact-ways';
import { HowToJoin } from '../../components/association/how-to-join';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { joinMachineFor } from '../../lib/join-machine';
import { useBackend } from '../../lib/backend.context';
import { useRouteData } from '../../lib/route-data.hook';
import { JoinForm } from './join-form';
import { JoinPaper } from './join-paper';
import { branchesQuery } from './join.queries';
import './join.css';

const neverChanges = () => () => undefined;

/** 'Print a blank form': a button once script runs; before that the browser's own Print does the same. */
function PrintBlankForm() {
  // False on the server and while hydrating, true once script runs: the button only works then.
  const running = useSyncExternalStore(neverChanges, () => true, () => false);
  return (
    <div className="join__paper-note">
      <p>
        Would you rather join on paper? This page prints as a blank form to fill in by hand and post to us.
        {!running && " Use your browser's Print command."}
      </p>
      {running && (
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print a blank form
        </button>
      )}
    </div>
  );
}

/**
 * Joining online (/join). Where the backend has no joining online (the hosted one), the page says
 * plainly how to join by post instead of showing a form that could not be sent.
 */
export function JoinView() {
  usePageTitle(pageTitle('join'));
  const { membership } = useBackend();
  const details = useAssociationDetails();
  const branches = useRouteData(branchesQuery());

  if (membership === undefined) {
    return (
      <>
        <PageHeading>Join online</PageHeading>
        <p className="lead">
          Applying online is not available on this site yet. You can join by post: print the membership form from our{' '}
          <a href="/documents">Join Us Today</a> page, fill it in and post it to us.
        </p>
        <HowToJoin headingId="join-how-to-join" />
        {details !== undefined && hasContactWay(details) && (
          <section aria-labelledby="join-write-to-us">
            <h2 id="join-write-to-us">Where to send it</h2>
            <ContactWays details={details} />
          </section>
        )}
      </>
    );
  }

  return (
    <div className="join">
      <PageHeading>Join online</PageHeading>
      <p className="lead">
        Membership is open to every retired nurse. Fill in this form and a member of our committee will be in touch. Fields
        marked (optional) may be left empty.
      </p>
      <PrintBlankForm />
      <JoinForm makeMachine={(view) => joinMachineFor(membership, view)} />
      <JoinPaper branches={branches.status === 'ready' ? branches.data : []} details={details} />
    </div>
  );
}

/** After an accepted application (/join/thanks): what happens next, and how to reach us meanwhile. */
export function JoinThanksView() {
  usePageTitle(pageTitle('join-thanks'));
  return (
    <div className="join">
      <PageHeading>Thank you for applying</PageHeading>
      <div role="status" className="status status--success join__thanks">
        <p>{MEMBERSHIP_MESSAGES.thankYou}</p>
      </div>
      <h2>What happens next</h2>
      <ul className="join__next">
        <li>Our committee reads every application. If anything is missing, we will ask you.</li>
        <li>When your membership is agreed, we will welcome you by e-mail, or by post if you gave no e-mail address.</li>
        <li>If you ticked &apos;Send me the news by e-mail&apos;, look for an e-mail asking you to confirm, and click its link.</li>
      </ul>
      <p>
        A question in the meantime? <a href="/contact">Contact us</a>: our address, phone and e-mail are at the foot of
        every page.
      </p>
      <p>
        <a href="/">Back to the home page</a> or <a href={JOIN_PAGES.form}>fill in another application</a>.
      </p>
    </div>
  );
}
