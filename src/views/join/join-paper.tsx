import { APPLICATION_CONSENT_WORDING } from '../../../src-core/domain/joining';
import { addressLines, type AssociationDetails } from '../../../src-core/domain/association-details';
import type { Branch } from '../../../src-core/ports/membership.port';

/** A line or a box to write in, with its label: paper has no fields. */
function Blank({ label, lines = 1, optional = false }: { readonly label: string; readonly lines?: number; readonly optional?: boolean }) {
  return (
    <div className="join-paper__field">
      <p className="join-paper__label">
        {label}
        {optional && ' (optional)'}
      </p>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="join-paper__line" />
      ))}
    </div>
  );
}

/**
 * The join form as it prints: the same questions with blank lines to write on, for those who
 * join on paper. Hidden on screen (src/views/join/join.css); nothing typed into the form on
 * screen is ever printed.
 */
export function JoinPaper({ branches, details }: { readonly branches: readonly Branch[]; readonly details: AssociationDetails | undefined }) {
  const postTo = details === undefined ? [] : [details.contactName, ...addressLines(details.address)].filter((line) => line !== '');
  return (
    <section className="join-paper" aria-hidden="true">
      <h2>Membership application</h2>
      <p>Please write clearly in capital letters.</p>
      <Blank label="Full name" />
      <Blank label="Postal address" lines={4} />
      <Blank label="Eircode" optional />
      <Blank label="Phone" optional />
      <Blank label="E-mail (if you have no e-mail, we will write to you or phone you)" optional />
      <Blank label="Your nursing background: where you trained and worked, and when you retired" lines={5} />
      <Blank label="NMBI PIN" optional />
      <div className="join-paper__field">
        <p className="join-paper__label">Your nearest branch (tick one)</p>
        <ul className="join-paper__choices">
          {[...branches.map((branch) => branch.name), 'Not sure'].map((name) => (
            <li key={name}>
              <span className="join-paper__box" /> {name}
            </li>
          ))}
        </ul>
      </div>
      <p className="join-paper__tick">
        <span className="join-paper__box" /> Send me the news by e-mail (we will e-mail you to confirm).
      </p>
      <p className="join-paper__tick">
        <span className="join-paper__box" /> {APPLICATION_CONSENT_WORDING}
      </p>
      <Blank label="Signature and date" />
      {postTo.length > 0 && (
        <p className="join-paper__post">
          Please post the form to:{' '}
          {postTo.map((line, index) => (
            <span key={index} className="join-paper__post-line">
              {line}
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
