import type { SimulatedClock } from "xstate";

/**
 * Moves a SimulatedClock forward one millisecond at a time. SimulatedClock.increment(n) fires only
 * the timers due at the new time once, so a timer re-armed by a firing timer (the loading bar's
 * tick) would be skipped by one big jump.
 */
export function advance(clock: SimulatedClock, ms: number, onEachMs?: (now: number) => void): void {
  for (let i = 0; i < ms; i++) {
    clock.increment(1);
    onEachMs?.(clock.now());
  }
}
