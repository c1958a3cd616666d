import { spawn } from "node:child_process";
import autocannon from "autocannon";
const PORT = 3971, BASE = `http://127.0.0.1:${PORT}`;
const path = process.argv[2] ?? "/es/";
const prof = process.env.PROF === "1";
const server = spawn(process.execPath, [...(prof ? ["-r", "/tmp/exit-on-signal.cjs", "--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []), "dist/server/index.mjs"], { env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_ORIGIN: BASE, LOG_REQUESTS: "false", DATA_DIR: ".data/prof", PAGE_CACHE_ENTRIES: "0" }, stdio: ["ignore", "ignore", "inherit"] });
for (let i = 0; i < 100; i++) { try { if ((await fetch(`${BASE}/api/health`)).ok) break; } catch { await new Promise((r) => setTimeout(r, 100)); } }
const headers = { "accept-encoding": "gzip" };
await autocannon({ url: `${BASE}${path}`, connections: 50, duration: 3, headers });
const r = await autocannon({ url: `${BASE}${path}`, connections: 50, duration: 8, headers });
console.log(path, "rps", r.requests.average, "p50", r.latency.p50, "p99", r.latency.p99, "non2xx", r.non2xx);
server.kill("SIGINT");
await new Promise((res) => server.once("exit", res));
