import { Link } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';

/** Change this, and the text below, whenever the statement is checked again (at least once a year). */
const LAST_REVIEWED = { iso: '2026-11-24', written: '24 November 2026' } as const;

/**
 * How accessible this website is, set out as the European model accessibility statement sets
 * out a statement: how far it conforms, what is not accessible and why, how it is checked, and
 * how to tell us about a problem. In our own words (docs/behaviour.md#accessibility-statement).
 */
export function AccessibilityView() {
  usePageTitle(pageTitle('accessibility'));

  return (
    <article className="prose">
      <PageHeading>Accessibility statement</PageHeading>
      <p className="lead">
        Many of our members are over 65 and some have low vision, so we want everyone to be able to read and use
        this website: with a screen reader, with the keyboard alone, with large text or zoom, on a phone or on an
        older computer.
      </p>
      <p>
        This statement covers this website. It follows the model statement used across the European Union. As a
        voluntary association we are not required to publish one; we do so because our readers should know what
        to expect.
      </p>

      <h2>How accessible this website is</h2>
      <p>
        The pages of this website meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, and our
        text and colours go further: text contrast is at least 7 to 1, the stricter AAA level. The website is{' '}
        <strong>partly conformant</strong> as a whole, because some documents our volunteers upload are not
        accessible (see below).
      </p>
      <p>You should be able to:</p>
      <ul>
        <li>make the text bigger, or choose high-contrast or dark colours, in our <Link to="/display-settings">display settings</Link>;</li>
        <li>zoom in up to 400% without the text spilling off the screen;</li>
        <li>reach everything with the keyboard alone, and always see where you are;</li>
        <li>listen to every page with a screen reader;</li>
        <li>print articles, events and other pages in black on white, without the menu.</li>
      </ul>

      <h2>What is not accessible</h2>
      <ul>
        <li>
          <strong>Scanned documents.</strong> Some newsletters, forms and event notices are PDF files made by
          scanning paper. A scan is a picture of the page, so a screen reader cannot read it and the text cannot
          be made bigger without blurring. When a volunteer uploads a PDF, the website now checks it and warns them
          if it is a scan, has no title or is not tagged for screen readers, so that they can replace it with an
          accessible version.
        </li>
        <li>
          <strong>Older PDF files.</strong> Some documents uploaded before these checks have no title or tags, so
          a screen reader may read them in the wrong order.
        </li>
        <li>
          <strong>Other websites.</strong> We link to government and other websites we find useful. We cannot
          answer for how accessible they are.
        </li>
      </ul>
      <p>
        If you need any of our documents in another form, such as large print, plain text or read aloud over the
        phone, please ask us and we will help.
      </p>

      <h2>How we check this website</h2>
      <ul>
        <li>
          Every change to the website is checked automatically before it goes live: each page is tested with the
          axe accessibility checker, against WCAG 2.0, 2.1 and 2.2 at levels A and AA and the 7 to 1 contrast
          rule, at phone and computer sizes, in every text size and colour setting.
        </li>
        <li>
          Automated tests go through each task (reading the news, sending a message, signing in, uploading a file)
          with the keyboard alone, and check that the focus can always be seen and that buttons and links are big
          enough to press.
        </li>
        <li>
          The pages are checked at 200% and 400% zoom and with the browser&apos;s text at twice its size on a
          narrow screen, with wider letter and line spacing, and with JavaScript held back.
        </li>
      </ul>
      <p>Automated checks cannot find every problem, so we are grateful to anyone who tells us about one.</p>

      <h2>Tell us about a problem</h2>
      <p>
        If something on this website is hard to use, or you need a document in another form, please send us a
        message through the <Link to="/contact">contact form</Link>. Tell us the page or document and what went
        wrong. A volunteer will reply as soon as they can, and we will tell you what we will do about it.
      </p>

      <h2>About this statement</h2>
      <p>
        This statement was last reviewed on <time dateTime={LAST_REVIEWED.iso}>{LAST_REVIEWED.written}</time>. We
        review it at least once a year and whenever the website changes in a way that affects accessibility.
      </p>
    </article>
  );
}
