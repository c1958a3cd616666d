import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConsoleLogger, routeConsoleErrors } from "../../../../adapters/runtime/console-logger.adapter";
import { ERRORS_LOGGED_PER_MINUTE, REPEATS_LOGGED_PER_MINUTE } from "../../../../adapters/runtime/repeat-limited-logger";

// Issue 48, item 8: 12,258 requests that failed alike in 5 s wrote 20 MB of stack traces.

function consoleLines() {
  const lines: Record<string, unknown>[] = [];
  const logger = createConsoleLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return { logger, lines };
}

const failure = new Error("renderPage() called with a Vite URL");
const unhandled = (path: string) => ({ method: "GET", path, error: failure.name, message: failure.message, stack: failure.stack });

const consoleError = console.error;
const consoleWarn = console.warn;
beforeEach(() => vi.useFakeTimers({ now: new Date("2026-12-01T10:00:00Z") }));
afterEach(() => {
  vi.useRealTimers();
  console.error = consoleError;
  console.warn = consoleWarn;
});

describe("the console logger's lines (issue 50: Cloud Logging's structure)", () => {
  it("writes severity, message, time, the event and its fields, a stack as stack_trace", () => {
    const { logger, lines } = consoleLines();
    logger.info("server.stopping", { reason: "SIGTERM" });
    logger.warn("ready.check-failed", { check: "firestore" });
    logger.error("http.unhandled-error", unhandled("/es/"));
    expect(lines).toEqual([
      { severity: "INFO", message: "server.stopping", time: "2026-12-01T10:00:00.000Z", event: "server.stopping", reason: "SIGTERM" },
      { severity: "WARNING", message: "ready.check-failed", time: "2026-12-01T10:00:00.000Z", event: "ready.check-failed", check: "firestore" },
      {
        severity: "ERROR",
        message: failure.message,
        time: "2026-12-01T10:00:00.000Z",
        event: "http.unhandled-error",
        method: "GET",
        path: "/es/",
        error: "Error",
        stack_trace: failure.stack,
      },
    ]);
  });
});

describe("the console logger, when one error repeats", () => {
  it("writes the same error a bounded number of times a minute, whatever its path, then one line counting the rest", async () => {
    const { logger, lines } = consoleLines();
    for (let n = 0; n < 12_258; n += 1) logger.error("http.unhandled-error", unhandled(`/@fs/${n}`));
    expect(lines).toHaveLength(REPEATS_LOGGED_PER_MINUTE);
    expect(lines.every((line) => line.stack_trace === failure.stack)).toBe(true);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines.slice(REPEATS_LOGGED_PER_MINUTE)).toEqual([
      expect.objectContaining({ severity: "WARNING", event: "log.repeats-suppressed", repeatedEvent: "http.unhandled-error", suppressed: 12_258 - REPEATS_LOGGED_PER_MINUTE }),
    ]);
    expect(JSON.stringify(lines.at(-1))).not.toContain(failure.stack);

    // A new minute writes it again.
    logger.error("http.unhandled-error", unhandled("/@fs/again"));
    expect(lines.at(-1)).toMatchObject({ event: "http.unhandled-error", path: "/@fs/again" });
  });

  it("writes an event's errors a bounded number of times a minute in all, when each names its URL", async () => {
    const { logger, lines } = consoleLines();
    for (let n = 0; n < 12_258; n += 1) logger.error("http.unhandled-error", { ...unhandled(`/@fs/${n}`), message: `renderPage() called with /@fs/${n}` });
    expect(lines).toHaveLength(ERRORS_LOGGED_PER_MINUTE);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines.at(-1)).toMatchObject({ event: "log.repeats-suppressed", repeatedEvent: "http.unhandled-error", suppressed: 12_258 - ERRORS_LOGGED_PER_MINUTE });
    // Not one of the messages it counts: the event is its message.
    expect(lines.at(-1)!.message).toBe("log.repeats-suppressed");
  });

  it("counts each distinct error apart, and writes lines without an error (the request log) as they come", () => {
    const { logger, lines } = consoleLines();
    for (let n = 0; n < 50; n += 1) {
      logger.error("http.unhandled-error", unhandled(`/x/${n}`));
      logger.error("mail.delivery-round-failed", { error: "SQLITE_BUSY" });
      logger.error("request", { method: "GET", path: `/x/${n}`, status: 500, ms: 1 });
      logger.info("request", { method: "GET", path: "/es/", status: 200, ms: 1 });
    }
    const count = (event: string) => lines.filter((line) => line.event === event).length;
    expect(count("http.unhandled-error")).toBe(REPEATS_LOGGED_PER_MINUTE);
    expect(count("mail.delivery-round-failed")).toBe(REPEATS_LOGGED_PER_MINUTE);
    expect(count("request")).toBe(100);
  });

  it("says nothing was suppressed when nothing was", async () => {
    const { logger, lines } = consoleLines();
    for (let n = 0; n < REPEATS_LOGGED_PER_MINUTE; n += 1) logger.error("http.unhandled-error", unhandled("/"));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(lines.map((line) => line.event)).not.toContain("log.repeats-suppressed");
  });
});

describe("console.error, routed through the console logger (production)", () => {
  it("writes what a library prints there as the logger's lines, one error repeated a few times a minute", () => {
    const { logger, lines } = consoleLines();
    routeConsoleErrors(logger);
    // As Vike prints a render's error: its stack, once per request that fails.
    for (let n = 0; n < 1_000; n += 1) console.error(failure.stack);
    console.error("[vike] one line", 42);
    expect(lines).toHaveLength(REPEATS_LOGGED_PER_MINUTE + 1);
    expect(lines[0]).toMatchObject({ severity: "ERROR", event: "console.error", message: `Error: ${failure.message}`, stack_trace: failure.stack });
    expect(lines.at(-1)).toMatchObject({ event: "console.error", message: "[vike] one line 42" });
  });

  it("writes Vike's warnings as WARNING lines, and its red error text without the colour codes", () => {
    const { logger, lines } = consoleLines();
    routeConsoleErrors(logger);
    console.warn("[vike][Warning] a warning");
    console.error(`\x1b[31m${failure.stack}\x1b[39m`);
    expect(lines).toEqual([
      expect.objectContaining({ severity: "WARNING", event: "console.warn", message: "[vike][Warning] a warning" }),
      expect.objectContaining({ severity: "ERROR", event: "console.error", message: `Error: ${failure.message}`, stack_trace: failure.stack }),
    ]);
  });
});
