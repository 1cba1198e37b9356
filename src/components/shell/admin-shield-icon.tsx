/** A small shield with a keyhole: the way in for the administrator. */
export function AdminShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M12 2 20 5v6.2c0 5-3.4 9.1-8 10.8-4.6-1.7-8-5.8-8-10.8V5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="10.5" r="2" fill="currentColor" />
      <path d="M11 12h2v4h-2z" fill="currentColor" />
    </svg>
  );
}
