import { paragraphsOf } from '../../../src-core/domain/association-details';
import { useAssociationDetails } from './association-details.hook';

/** The association's own 'how to join' words, paragraph by paragraph; nothing where it has written none. */
export function HowToJoin({ headingId }: { readonly headingId: string }) {
  const howToJoin = paragraphsOf(useAssociationDetails()?.howToJoin ?? '');
  if (howToJoin.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="how-to-join">
      <h2 id={headingId}>How to join</h2>
      {howToJoin.map((lines, index) => (
        <p key={index}>
          {lines.map((line, lineIndex) => (
            <span key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </section>
  );
}
