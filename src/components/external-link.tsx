import type { ReactNode } from 'react';

/**
 * A link that opens in a new tab, and says so: in words for screen readers and with a small
 * arrow for everyone. rel="noopener" keeps the new page from reaching back into this one.
 */
export function ExternalLink({
  href,
  children,
  className,
}: {
  readonly href: string;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className ? `external-link ${className}` : 'external-link'}>
      {/* The underline covers the words only, not the space before the hidden note and the icon. */}
      <span className="external-link__text">{children}</span>{' '}
      <span className="visually-hidden">(opens in a new tab)</span>
      <svg className="new-tab-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M9 2h5v5M14 2 7.5 8.5M12 9.5V14H2V4h4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </a>
  );
}
