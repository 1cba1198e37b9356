/**
 * What to put right, above a refused form: how many problems, and each one's message as a link
 * to its field, so every reader finds them all in one place (the form's machine moves focus to
 * the first field to fix). Nothing is shown while there is nothing to fix.
 */
export function ErrorSummary<F extends string>({
  id,
  fields,
  errors,
  fieldIds,
  headingLevel = 2,
}: {
  /** The heading's id: the summary is labelled by it. */
  readonly id: string;
  /** The fields with a problem, in the order the form shows them. */
  readonly fields: readonly F[];
  readonly errors: Partial<Record<F, string>>;
  readonly fieldIds: Readonly<Record<F, string>>;
  /** 3 where the form sits below a level-2 heading of its own. */
  readonly headingLevel?: 2 | 3;
}) {
  if (fields.length === 0) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className="error-summary" aria-labelledby={id}>
      <Heading id={id} className="error-summary__title">
        {fields.length === 1 ? 'There is a problem' : `There are ${fields.length} problems`}
      </Heading>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${fieldIds[field]}`}>{errors[field]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
