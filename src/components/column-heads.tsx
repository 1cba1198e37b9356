import type { ReactNode } from 'react';

/** A table's head: a column heading for each name, then any heading with more to it (the children). */
export function ColumnHeads({ names, children }: { readonly names: readonly string[]; readonly children?: ReactNode }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}
