import type { BranchLink } from '../../../src-core/domain/branches';
import { SelectField } from './members/members-shared';

/** The branch an event or post belongs to: none (national) or one of the branches. */
export function BranchChoice({
  choices,
  value,
  onChange,
  what,
  readOnly,
}: {
  readonly choices: readonly BranchLink[];
  readonly value: string;
  readonly onChange: (branch: string) => void;
  readonly what: 'post' | 'event';
  readonly readOnly: boolean;
}) {
  // A branch made inactive since stays chosen until someone chooses otherwise.
  const options = [{ value: '', label: what === 'post' ? 'None: national news' : 'None: a national event' }, ...choices.map((branch) => ({ value: branch.id, label: branch.name }))];
  return (
    <SelectField
      label="Branch"
      name="branch"
      hint={what === 'post' ? "The branch page lists its branch's news." : "The branch page lists its branch's events."}
      value={value}
      options={value === '' || choices.some((branch) => branch.id === value) ? options : [...options, { value, label: 'A branch no longer active' }]}
      onChange={onChange}
      error={undefined}
      readOnly={readOnly}
    />
  );
}
