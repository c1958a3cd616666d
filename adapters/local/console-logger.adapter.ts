import type { Logger } from "../../core";

/** JSON lines on stdout/stderr: what a container platform collects. */
export function createConsoleLogger(write: (line: string, level: "info" | "warn" | "error") => void = defaultWrite): Logger {
  const log = (level: "info" | "warn" | "error") => (event: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }), level);
  return { info: log("info"), warn: log("warn"), error: log("error") };
}

function defaultWrite(line: string, level: "info" | "warn" | "error") {
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}
