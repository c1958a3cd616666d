import { format } from "node:util";
import type { Logger } from "../../core";
import { repeatLimited } from "./repeat-limited-logger";

/** JSON lines on stdout/stderr: what a container platform collects; one error repeated is written a few times a minute (repeat-limited-logger.ts). */
export function createConsoleLogger(write: (line: string, level: "info" | "warn" | "error") => void = defaultWrite): Logger {
  const log = (level: "info" | "warn" | "error") => (event: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }), level);
  return repeatLimited({ info: log("info"), warn: log("warn"), error: log("error") });
}

/**
 * Sends what libraries write with console.error through `logger`, as `console.error` lines: Vike
 * writes every render error's stack there itself (vike/dist/server/runtime/logErrorServer.js),
 * once per request that fails, and its error hook cannot stop it. Through the logger, one error
 * repeated is written a few times a minute, as one JSON line like the server's own.
 */
export function routeConsoleErrors(logger: Logger): void {
  console.error = (...values: unknown[]) => {
    const text = format(...values);
    const lineEnd = text.indexOf("\n");
    logger.error("console.error", lineEnd === -1 ? { message: text } : { message: text.slice(0, lineEnd), stack: text });
  };
}

function defaultWrite(line: string, level: "info" | "warn" | "error") {
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}
