import { useId, type ReactNode } from 'react';

interface AdminCardProps {
  readonly title: ReactNode;
  /** The card's own class beside admin-card, for its layout. */
  readonly className?: string;
  /** One paragraph under the heading, saying what the card is for. */
  readonly intro?: string;
  readonly children: ReactNode;
}

/** One card of an admin page: a section named by its heading. */
export function AdminCard({ title, className, intro, children }: AdminCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className === undefined ? 'admin-card' : `admin-card ${className}`}>
      <h2 id={headingId}>{title}</h2>
      {intro !== undefined && <p>{intro}</p>}
      {children}
    </section>
  );
}
