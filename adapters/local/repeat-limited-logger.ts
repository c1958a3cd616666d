import type { Logger } from "../../core";

/** Lines of one repeated warning or error written per minute; the rest are counted instead. */
export const REPEATS_LOGGED_PER_MINUTE = 10;

const WINDOW_MS = 60_000;
/** Distinct errors followed at once; past this, the oldest one's count is written and forgotten. */
const ERRORS_FOLLOWED = 1_000;

interface Window {
  readonly startedAt: number;
  readonly event: string;
  readonly message: unknown;
  written: number;
  suppressed: number;
}

/**
 * The logger with repeats bounded: a warning or error that carries an error (an `error`,
 * `message` or `stack` field) is written at most REPEATS_LOGGED_PER_MINUTE times a minute for the same event
 * and error, whatever its other fields (a path, an id); the rest of that minute is counted, and
 * one `log.repeats-suppressed` line says how many there were. A client that makes the same error
 * happen thousands of times a second fills no disk. Other lines (the request log) pass as they are.
 */
export function repeatLimited(logger: Logger): Logger {
  const now = () => Date.now();
  const windows = new Map<string, Window>();

  function close(key: string, window: Window): void {
    if (windows.get(key) !== window) return;
    windows.delete(key);
    if (window.suppressed > 0) {
      logger.warn("log.repeats-suppressed", { repeatedEvent: window.event, message: window.message, suppressed: window.suppressed, seconds: WINDOW_MS / 1000 });
    }
  }

  const limited =
    (level: "warn" | "error") =>
    (event: string, fields?: Record<string, unknown>): void => {
      if (!fields || (fields.error === undefined && fields.message === undefined && fields.stack === undefined)) {
        logger[level](event, fields);
        return;
      }
      const key = JSON.stringify([level, event, fields.error, fields.message, fields.stack]);
      let window = windows.get(key);
      if (window && now() - window.startedAt >= WINDOW_MS) {
        close(key, window);
        window = undefined;
      }
      if (!window) {
        window = { startedAt: now(), event, message: fields.message ?? fields.error, written: 0, suppressed: 0 };
        windows.set(key, window);
        if (windows.size > ERRORS_FOLLOWED) {
          const [oldestKey, oldest] = windows.entries().next().value as [string, Window];
          close(oldestKey, oldest);
        }
      }
      if (window.written < REPEATS_LOGGED_PER_MINUTE) {
        window.written += 1;
        logger[level](event, fields);
        return;
      }
      window.suppressed += 1;
      if (window.suppressed === 1) {
        const ending = window;
        setTimeout(() => close(key, ending), Math.max(0, ending.startedAt + WINDOW_MS - now())).unref();
      }
    };

  return { info: logger.info, warn: limited("warn"), error: limited("error") };
}
