/**
 * Whether a pointer (mouse button, finger, pen) is pressed on the page, and a way to wait for its
 * release. A browser decides what a click hits from where it is pressed and where it is released:
 * a field's message that appears or goes between the two (the blur of the field just left comes
 * with the press) moves what is below it, and the click is lost (issue 49: the submit button moved
 * 26 px). Browser only: the listeners go on the window the first time a field asks.
 */
let pressed = false;
const waiting = new Set<() => void>();
let tracking = false;

export function trackPointerPresses(): void {
  if (tracking || typeof window === "undefined") return;
  tracking = true;
  window.addEventListener("pointerdown", () => (pressed = true), { capture: true, passive: true });
  // The waiting run after the click the release dispatches (a submit shows its own messages at once).
  const release = () => {
    pressed = false;
    setTimeout(() => {
      for (const run of [...waiting]) run();
      waiting.clear();
    }, 0);
  };
  window.addEventListener("pointerup", release, { capture: true, passive: true });
  window.addEventListener("pointercancel", release, { capture: true, passive: true });
  // The window's own blur (an element's does not bubble): a press whose release another window got.
  window.addEventListener("blur", release, { passive: true });
}

export function isPointerPressed(): boolean {
  return pressed;
}

/** Runs `run` once the pressed pointer is released (and its click dispatched); returns how to stop waiting. */
export function afterPointerRelease(run: () => void): () => void {
  waiting.add(run);
  return () => {
    waiting.delete(run);
  };
}
