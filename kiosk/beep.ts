let context: AudioContext | undefined;

/**
 * A short tone for each result, made with Web Audio (no sound file to fetch or cache): one high
 * note for in, two low ones for not. Browsers start audio only after a user's gesture; the first
 * scan (a key or a tap) is one.
 */
export function beep(tone: "success" | "error"): void {
  if (typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const notes = tone === "success" ? [{ at: 0, hz: 880 }] : [{ at: 0, hz: 220 }, { at: 0.18, hz: 220 }];
  for (const note of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = tone === "success" ? "sine" : "square";
    oscillator.frequency.value = note.hz;
    const start = context.currentTime + note.at;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.16);
  }
}
