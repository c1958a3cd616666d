import type { ReactNode } from "react";

/**
 * Line icons in the current text colour; decorative (the text beside them says the same). The
 * frame's attributes are written out rather than spread from a shared object: on Node 20, spread
 * props followed by `children` made V8 build a new hidden class for every icon rendered.
 */
function LineIcon({ children }: { readonly children: ReactNode }) {
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

export function ArrowUpIcon() {
  return (
    <LineIcon>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </LineIcon>
  );
}

export function ArrowDownIcon() {
  return (
    <LineIcon>
      <path d="M12 5v14M19 12l-7 7-7-7" />
    </LineIcon>
  );
}

export function CopyIcon() {
  return (
    <LineIcon>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </LineIcon>
  );
}

export function TrashIcon() {
  return (
    <LineIcon>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </LineIcon>
  );
}
