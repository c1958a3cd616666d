import type { ReactNode } from "react";

/**
 * Line icons in the current text colour; decorative (the text beside them says the same). The
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
