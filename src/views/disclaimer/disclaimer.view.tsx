import { pageTitle } from '../../../src-core/domain/navigation';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';

export function DisclaimerView() {
  usePageTitle(pageTitle('disclaimer'));

  return (
    <article className="prose">
      <PageHeading>Disclaimer / Legal</PageHeading>

      <h2>General information only</h2>
      <p>
        The information on this website is general information for retired nurses and the public. It is not
        legal, financial, pension or medical advice. Before you make a decision about your pension, your
        entitlements or your health, please check with the official body concerned or a qualified adviser.
      </p>

      <h2>Accuracy</h2>
      <p>
        Our volunteers take care to keep this website accurate and up to date, but rules, rates and
        arrangements change. We cannot promise that every page is complete or current, and the association
        accepts no liability for any loss arising from the use of information on this website.
      </p>

      <h2>Links to other websites</h2>
      <p>
        We link to other websites, such as official government information services, because we believe they
        are useful. We are not responsible for their content, and a link does not mean we endorse everything
        on them.
      </p>

      <h2>Copyright</h2>
      <p>
        Unless stated otherwise, the content of this website, including newsletters and documents, belongs to
        the Retired Nurses Association of Ireland.
      </p>
    </article>
  );
}
