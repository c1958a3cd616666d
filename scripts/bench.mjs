// `npm run bench`: the production server's throughput for a rendered page against a static file
// of the same size served by the same server, measured side by side in one run.
// A benchmark, not a test: it prints numbers and asserts nothing.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { buildIfStale } from "./build-if-stale.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;
const HEADERS = { "accept-encoding": "gzip, br", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" };
const SAME_SIZE_FILE = "dist/client/_bench/same-size-as-page.html";

buildIfStale();

async function withServer(run) {
  const server = spawn(process.execPath, ["dist/server/index.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", LOG_REQUESTS: "false", DATA_DIR: ".data/bench" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return await run();
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

function load(path, duration) {
  return autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration, headers: HEADERS });
}

async function measure(label, path) {
  await load(path, WARMUP_S);
  const result = await load(path, DURATION_S);
  const errors = result.errors + result.non2xx;
  return { label, path, rps: result.requests.average, p99: result.latency.p99, errors };
}

try {
  // The page's size decides the static file's size, so both responses carry the same bytes.
  const pageBytes = await withServer(async () => (await (await fetch(`${BASE}/es/`, { headers: { "user-agent": HEADERS["user-agent"] } })).arrayBuffer()).byteLength);
  mkdirSync("dist/client/_bench", { recursive: true });
  const filler = "<!-- same size as the rendered page -->\n";
  writeFileSync(SAME_SIZE_FILE, `<!DOCTYPE html>${filler.repeat(Math.ceil(pageBytes / filler.length))}`.slice(0, pageBytes));

  const rows = await withServer(async () => [await measure("page /es/ (SSR)", "/es/"), await measure(`static file, ${pageBytes} B`, "/_bench/same-size-as-page.html")]);
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, Accept-Encoding gzip/br\n`);
  console.log("what".padEnd(28), "req/s".padStart(10), "p99 ms".padStart(8), "errors".padStart(7));
  for (const row of rows) console.log(row.label.padEnd(28), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(8), String(row.errors).padStart(7));
  const [page, file] = rows;
  console.log(`\nratio page/static: ${((page.rps / file.rps) * 100).toFixed(1)} % of the static file's requests/s`);
} finally {
  rmSync("dist/client/_bench", { recursive: true, force: true });
}
