import type { Logger } from "../../core";
import { repeatLimited } from "./repeat-limited-logger";

/** JSON lines on stdout/stderr: what a container platform collects; one error repeated is written a few times a minute (repeat-limited-logger.ts). */
export function createConsoleLogger(write: (line: string, level: "info" | "warn" | "error") => void = defaultWrite): Logger {
  const log = (level: "info" | "warn" | "error") => (event: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }), level);
  return repeatLimited({ info: log("info"), warn: log("warn"), error: log("error") });
}

function defaultWrite(line: string, level: "info" | "warn" | "error") {
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}
