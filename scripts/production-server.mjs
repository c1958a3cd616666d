// Runs the built production server on a loopback port for the duration of `run` (given its origin
// and the launcher's process id), once every worker process listens; `env` adds to or overrides its
// settings.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { serverWorkers } from "./serve.mjs";

export async function withProductionServer(port, dataDir, run, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const settings = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: base, LOG_REQUESTS: "false", DATA_DIR: dataDir, ...env };
  const server = spawn(process.execPath, ["scripts/serve.mjs"], { env: settings, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  // The workers start one after the other, and take connections in turn once they listen: a
  // client that connected before the last one listened would keep its connections on the first.
  const lines = createInterface({ input: server.stdout });
  const listening =
    serverWorkers(settings.SERVER_WORKERS) === 1
      ? Promise.resolve()
      : new Promise((resolve) => lines.on("line", (line) => line.includes('"server.workers-listening"') && resolve()));
  try {
    const stopped = await Promise.race([listening.then(() => false), exited.then(() => true)]);
    if (stopped) throw new Error(`the server stopped before it listened (exit code ${server.exitCode})`);
    for (let attempt = 0; attempt < 300; attempt += 1) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return await run(base, server.pid);
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
}
