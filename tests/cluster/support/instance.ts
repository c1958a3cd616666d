import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One production instance of the cluster: `scripts/serve.mjs` on its own port, with a disk (DATA_DIR) of its own. */
export interface ClusterInstance {
  readonly name: string;
  /** Its own address, as the balancer reaches it. */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** SIGTERM, as a platform stops an instance; resolves with its exit code once it has exited. */
  stop(): Promise<number | null>;
  /**
   * The instance stopped (SIGTERM) and a new one started in its place, on the same address with a
   * fresh disk, as a platform replaces a machine: whatever the old one kept on its own disk is gone.
   */
  replace(): Promise<number | null>;
  dispose(): Promise<void>;
}

const KEPT_OUTPUT_CHARS = 64_000;
const START_TIMEOUT_MS = 60_000;

export function clusterInstance(name: string, port: number, env: Readonly<Record<string, string>>): ClusterInstance {
  const url = `http://127.0.0.1:${port}`;
  let dataDir = mkdtempSync(join(tmpdir(), `arena-cluster-${name}-`));
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-KEPT_OUTPUT_CHARS);
  };

  /** SIGTERM, as a platform stops an instance; its exit code once it has exited. */
  async function stopped(): Promise<number | null> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return running?.exitCode ?? null;
    running.kill("SIGTERM");
    return exited;
  }

  const instance: ClusterInstance = {
    name,
    url,
    port,
    async start() {
      if (child) throw new Error(`${name} is running already`);
      const started = spawn(process.execPath, ["scripts/serve.mjs"], {
        env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      exited = new Promise((resolve) => started.once("exit", (code) => resolve(code)));
      child = started;
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`${name} exited with code ${started.exitCode}:\n${output}`);
        try {
          if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${name} did not answer its health check within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    },
    stop: () => stopped(),
    async replace() {
      const code = await stopped();
      rmSync(dataDir, { recursive: true, force: true });
      dataDir = mkdtempSync(join(tmpdir(), `arena-cluster-${name}-`));
      await instance.start();
      return code;
    },
    async dispose() {
      await stopped();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}
