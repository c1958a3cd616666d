// Runs the built production server on a loopback port for the duration of `run`; `env` adds to
// or overrides its settings.
import { spawn } from "node:child_process";

export async function withProductionServer(port, dataDir, run, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_ORIGIN: base, LOG_REQUESTS: "false", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return await run(base);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}
