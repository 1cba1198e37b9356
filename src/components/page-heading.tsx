import type { ReactNode } from 'react';

/** The id the layout moves focus to after each navigation. */
export const PAGE_HEADING_ID = 'page-heading';

/**
 * A page's own h1. tabIndex -1 lets the layout move focus here after navigation, so a
 * screen reader starts reading at the new page rather than at the top of the header.
 */
export function PageHeading({ children }: { readonly children: ReactNode }) {
  return (
    <h1 id={PAGE_HEADING_ID} tabIndex={-1}>
      {children}
    </h1>
  );
}
