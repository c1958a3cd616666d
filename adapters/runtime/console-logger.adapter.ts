import { format, stripVTControlCharacters } from "node:util";
import type { Logger } from "../../core";
import { repeatLimited } from "./repeat-limited-logger";

type Level = "info" | "warn" | "error";

/** Cloud Logging's LogSeverity names. */
const SEVERITY = { info: "INFO", warn: "WARNING", error: "ERROR" } as const satisfies Record<Level, string>;

/**
 * JSON lines on stdout/stderr, in the structure Cloud Logging reads from a container's output
 * (cloud.google.com/logging/docs/structured-logging): `severity`, `message` (the event's own
 * message, else the event's name), `time`, then the event and its fields as they were given; a
 * `stack` goes as `stack_trace`, where Error Reporting finds it. One error repeated is written a
 * few times a minute (repeat-limited-logger.ts).
 */
export function createConsoleLogger(write: (line: string, level: Level) => void = defaultWrite): Logger {
  const log = (level: Level) => (event: string, fields: Record<string, unknown> = {}) => write(JSON.stringify(entryOf(level, event, fields)), level);
  return repeatLimited({ info: log("info"), warn: log("warn"), error: log("error") });
}

function entryOf(level: Level, event: string, { stack, ...fields }: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(
    { severity: SEVERITY[level], message: typeof fields.message === "string" ? fields.message : event, time: new Date().toISOString(), event },
    fields,
    stack === undefined ? {} : { stack_trace: stack },
  );
}

/**
 * Sends what libraries write with console.error and console.warn through `logger`, as
 * `console.error` and `console.warn` lines, colours taken out: Vike writes every render error's
 * stack to console.error itself (vike/dist/server/runtime/logErrorServer.js), once per request
 * that fails, and its error hook cannot stop it; its warnings go to console.warn. Through the
 * logger, one error repeated is written a few times a minute, as one JSON line like the server's own.
 */
export function routeConsoleErrors(logger: Logger): void {
  console.error = (...values: unknown[]) => logger.error("console.error", consoleFields(values));
  console.warn = (...values: unknown[]) => logger.warn("console.warn", consoleFields(values));
}

function consoleFields(values: unknown[]): Record<string, unknown> {
  const text = stripVTControlCharacters(format(...values));
  const lineEnd = text.indexOf("\n");
  return lineEnd === -1 ? { message: text } : { message: text.slice(0, lineEnd), stack: text };
}

function defaultWrite(line: string, level: Level) {
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}
