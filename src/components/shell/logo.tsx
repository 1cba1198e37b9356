/** The association's mark: a shield for protection, a heart for care, a cross for nursing. Drawn here, no image file. */
export function Logo({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <path d="M32 3 57 11.5V30c0 15.5-10.6 26.4-25 31C17.6 56.4 7 45.5 7 30V11.5Z" fill="#f5d7a1" />
      <path d="M32 8.5 52 15.3V30c0 12.6-8.3 21.6-20 25.7C20.3 51.6 12 42.6 12 30V15.3Z" fill="#0b5563" />
      <path
        d="M32 47c-11-7.6-15-14-15-19.6 0-4.6 3.6-8.1 7.8-8.1 3.2 0 5.6 1.8 7.2 4.3 1.6-2.5 4-4.3 7.2-4.3 4.2 0 7.8 3.5 7.8 8.1C47 33 43 39.4 32 47Z"
        fill="#f5d7a1"
      />
      <path d="M29.6 24.5h4.8v5.1h5.1v4.8h-5.1v5.1h-4.8v-5.1h-5.1v-4.8h5.1Z" fill="#0e3b4a" />
    </svg>
  );
}
