// Serves the built site (dist/server/index.mjs) on SERVER_WORKERS processes that share the port.
// Node runs JavaScript on one core per process: on a machine with several, one process leaves the
// others to the compression threads at best. Workers share no memory, only what every process
// already shares: the embedded database (rate limits included), the content files (each process
// watches them) and DATA_DIR. The first worker starts alone, so that what a fresh DATA_DIR needs
// once (the schema, the editor's password, the session secret) is made by one process.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const SERVER_ENTRY = fileURLToPath(new URL("../dist/server/index.mjs", import.meta.url));

/**
 * "auto" (the default): one per core, at most this many. Each process takes 150–300 MB, and past a
 * few the embedded database's single writer, not the CPU, sets the pace; more is a number to set.
 */
const AUTO_MAX_WORKERS = 4;

/** SERVER_WORKERS: a whole number of processes, or "auto". */
export function serverWorkers(value = process.env.SERVER_WORKERS) {
  if (value === undefined || value === "" || value === "auto") return Math.min(availableParallelism(), AUTO_MAX_WORKERS);
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new Error(`SERVER_WORKERS must be a whole number from 1 to 64, or "auto"; got "${value}"`);
  }
  return workers;
}

export async function serve(workers = serverWorkers()) {
  if (workers === 1) {
    await import(SERVER_ENTRY);
    return;
  }
  cluster.setupPrimary({ exec: SERVER_ENTRY });
  let stopping = false;
  const stop = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));

  // A worker that dies while serving is replaced; one that dies before it listens (a bad setting,
  // a port in use) would only die again, so the whole server stops with its exit code.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      // Each worker drains on its own (server-lifecycle.ts) and exits 0; one that failed says so
      // (one that the signal ended before it served had nothing under way).
      if (code && !process.exitCode) process.exitCode = code;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!worker.listened) {
      stop("SIGTERM");
      process.exitCode = code || 1;
      return;
    }
    log("ERROR", "server.worker-exited", { pid: worker.process.pid, code, signal });
    startWorker();
  });

  // A worker's note for its siblings (adapters/http/server/sibling-processes.ts) goes to every other worker.
  cluster.on("message", (from, message) => {
    if (typeof message?.sibling !== "string") return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from) worker.send(message);
  });

  await startWorker();
  if (stopping) return;
  await Promise.all(Array.from({ length: workers - 1 }, startWorker));
  // Until now the first worker took every connection (the health check answers once it listens).
  log("INFO", "server.workers-listening", { workers });
}

/** One JSON line in Cloud Logging's structure, as the server's own logger writes them (console-logger.adapter.ts). */
function log(severity, event, fields) {
  (severity === "ERROR" ? console.error : console.log)(JSON.stringify({ severity, message: event, time: new Date().toISOString(), event, ...fields }));
}

function startWorker() {
  const worker = cluster.fork();
  return new Promise((resolve) => {
    worker.once("listening", () => {
      worker.listened = true;
      resolve();
    });
    worker.once("exit", resolve);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve();
