import type { Logger } from "../../core";

/** Lines of one repeated error (the same event, error, message and stack) written per minute. */
export const REPEATS_LOGGED_PER_MINUTE = 10;
/** Lines of one event's errors, whichever they are, written per minute: a message may name the URL. */
export const ERRORS_LOGGED_PER_MINUTE = 100;

const WINDOW_MS = 60_000;
/** Distinct errors followed at once; past this, the oldest one's count is written and forgotten. */
const ERRORS_FOLLOWED = 1_000;

interface Window {
  readonly startedAt: number;
  readonly limit: number;
  readonly event: string;
  /** The repeated error's message; none for an event's errors in all. */
  readonly message: unknown;
  written: number;
  suppressed: number;
}

/**
 * The logger with repeats bounded. A warning or error that carries an error (an `error`,
 * `message` or `stack` field) is written at most REPEATS_LOGGED_PER_MINUTE times a minute for
 * the same event and error, whatever its other fields (a path, an id), and an event's errors at
 * most ERRORS_LOGGED_PER_MINUTE times a minute in all (Vike's message names the URL, so a client
 * varying it makes every error new). The rest of that minute is counted, and one
 * `log.repeats-suppressed` line says how many there were: a client that makes errors happen
 * thousands of times a second fills no disk. Other lines (the request log) pass as they are.
 */
export function repeatLimited(logger: Logger): Logger {
  const windows = new Map<string, Window>();

  function close(key: string, window: Window): void {
    if (windows.get(key) !== window) return;
    windows.delete(key);
    if (window.suppressed === 0) return;
    const message = window.message === undefined ? {} : { message: window.message };
    logger.warn("log.repeats-suppressed", { repeatedEvent: window.event, ...message, suppressed: window.suppressed, seconds: WINDOW_MS / 1000 });
  }

  /** The window of `key` now, opened if there is none or the last one has ended. */
  function current(key: string, opening: Omit<Window, "startedAt" | "written" | "suppressed">): Window {
    const open = windows.get(key);
    if (open && Date.now() - open.startedAt < WINDOW_MS) return open;
    if (open) close(key, open);
    const window: Window = { ...opening, startedAt: Date.now(), written: 0, suppressed: 0 };
    windows.set(key, window);
    if (windows.size > ERRORS_FOLLOWED) {
      const [oldestKey, oldest] = windows.entries().next().value as [string, Window];
      close(oldestKey, oldest);
    }
    return window;
  }

  function suppress(key: string, window: Window): void {
    window.suppressed += 1;
    if (window.suppressed === 1) setTimeout(() => close(key, window), Math.max(0, window.startedAt + WINDOW_MS - Date.now())).unref();
  }

  const limited =
    (level: "warn" | "error") =>
    (event: string, fields?: Record<string, unknown>): void => {
      if (!fields || (fields.error === undefined && fields.message === undefined && fields.stack === undefined)) {
        logger[level](event, fields);
        return;
      }
      const eventKey = JSON.stringify([level, event]);
      const ofEvent = current(eventKey, { limit: ERRORS_LOGGED_PER_MINUTE, event, message: undefined });
      if (ofEvent.written >= ofEvent.limit) return suppress(eventKey, ofEvent);
      const errorKey = JSON.stringify([level, event, fields.error, fields.message, fields.stack]);
      const ofError = current(errorKey, { limit: REPEATS_LOGGED_PER_MINUTE, event, message: fields.message ?? fields.error });
      if (ofError.written >= ofError.limit) return suppress(errorKey, ofError);
      ofEvent.written += 1;
      ofError.written += 1;
      logger[level](event, fields);
    };

  return { info: logger.info, warn: limited("warn"), error: limited("error") };
}
