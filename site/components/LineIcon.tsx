import type { ReactNode } from 'react';

/** A decorative 24-px line icon drawn in the text's colour; the button around it carries the name. */
export function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      {children}
    </svg>
  );
}

/** The ✕ of a close or remove button. */
export function CloseIcon() {
  return (
    <LineIcon>
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </LineIcon>
  );
}
