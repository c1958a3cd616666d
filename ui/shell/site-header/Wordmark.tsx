/** The arena's wordmark: a stylised bowl and the name, in the current text colour. */
export function Wordmark() {
  return (
    <svg aria-hidden="true" width="164" height="32" viewBox="0 0 164 32" fill="currentColor">
      <ellipse cx="16" cy="16" rx="14" ry="9" fill="none" stroke="currentColor" strokeWidth="3" />
      <ellipse cx="16" cy="16" rx="6" ry="3.5" fill="#ff5a36" />
      <text x="38" y="22" fontFamily="Archivo, Inter, system-ui, sans-serif" fontSize="17" fontWeight="800" textLength="124" lengthAdjust="spacingAndGlyphs">
        TÚRIA ARENA
      </text>
    </svg>
  );
}
