import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface OwnServer {
  readonly baseUrl: string;
  /** The server's DATA_DIR: its SQLite file and uploaded files, kept across restarts. */
  readonly dataDir: string;
  /** Starts the server (again, on the same port and data) and waits until it answers its health check. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no flush; whatever was not committed is lost. */
  kill(): Promise<void>;
  /** SIGTERM, as a platform stops it; the launcher's exit code (null: ended by a signal, or not running). */
  stop(): Promise<number | null>;
  /** Stops the server and deletes its data. */
  dispose(): Promise<void>;
  /** The server's last lines of output, for a failure's message. */
  output(): string;
  /** The process that `npm start` would be (undefined when stopped). */
  pid(): number | undefined;
}

// Enough for a few hundred request log lines (Cloud Logging's httpRequest makes each about 250 characters).
const KEPT_OUTPUT_CHARS = 256_000;

/**
 * The built production server (dist/, built by the e2e global setup) as a process of one test
 * file's own, with its own port and DATA_DIR: for tests that kill it or configure it apart from
 * the shared server. `cwd` runs another copy of the site's files (scripts/serve.mjs and dist/ there).
 */
export async function ownServer(env: Readonly<Record<string, string>> = {}, { cwd }: { readonly cwd?: string } = {}): Promise<OwnServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "arena-own-server-"));
  let child: ChildProcess | undefined;
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-KEPT_OUTPUT_CHARS);
  };

  async function ended(process: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
    if (process.exitCode !== null || process.signalCode !== null) return process.exitCode;
    const exited = new Promise<number | null>((resolve) => process.once("exit", (code) => resolve(code)));
    // A crash takes the worker processes with it (they would otherwise exit once they notice).
    if (signal === "SIGKILL") for (const worker of workerPids(process.pid!)) globalThis.process.kill(worker, "SIGKILL");
    process.kill(signal);
    return exited;
  }

  const server: OwnServer = {
    baseUrl,
    dataDir,
    async start() {
      if (child) throw new Error("The server is running already");
      const started = spawn(process.execPath, ["scripts/serve.mjs"], {
        ...(cwd ? { cwd } : {}),
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_ORIGIN: baseUrl,
          DATA_DIR: dataDir,
          SESSION_SECRET: "own-server-session-secret-not-for-production",
          LOG_REQUESTS: "false",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      child = started;
      await waitForHealth(baseUrl, started, () => output);
    },
    async kill() {
      const running = child;
      child = undefined;
      if (running) await ended(running, "SIGKILL");
    },
    async stop() {
      const running = child;
      child = undefined;
      return running ? ended(running, "SIGTERM") : null;
    },
    async dispose() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
    pid: () => child?.pid,
  };
  return server;
}

/** The server's worker processes (scripts/serve.mjs forks them when SERVER_WORKERS > 1), from Linux's /proc. */
export function workerPids(serverPid: number): number[] {
  try {
    return readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}
