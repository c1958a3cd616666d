import type { ReactNode } from "react";

/**
 * The site's line icons in the current text colour; decorative (the text beside them says the
 * same). One module, so that the bundler keeps them together in the shell with the pages' common
 * code; the editor's own are in ui/pages/editor/EditorIcons.tsx, off the visitors' pages. The
 * frame's attributes are written out rather than spread from a shared object: on Node 20, spread
 * props followed by `children` made V8 build a new hidden class for every icon rendered.
 */
export function LineIcon({ children }: { readonly children: ReactNode }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {children}
    </svg>
  );
}

export function CalendarIcon() {
  return (
    <LineIcon>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </LineIcon>
  );
}

export function ClockIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </LineIcon>
  );
}

export function PinIcon() {
  return (
    <LineIcon>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </LineIcon>
  );
}

export function InfoIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </LineIcon>
  );
}

export function ImageIcon() {
  return (
    <LineIcon>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </LineIcon>
  );
}
