// `npm run bench`: the production server's throughput for the home and an event page, from its
// page cache and freshly rendered, against a static file of the same size served by the same
// server, all measured side by side in one run.
// A benchmark, not a test: it prints numbers and asserts nothing.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { buildIfStale } from "./build-if-stale.mjs";
import { withProductionServer } from "./production-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;
const HEADERS = { "accept-encoding": "gzip, br", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" };
const SAME_SIZE_FILE = "dist/client/_bench/same-size-as-page.html";

buildIfStale();

const withServer = (run) => withProductionServer(PORT, ".data/bench", run);

// A session cookie (even an invalid one) makes the server render instead of using its page cache.
const UNCACHED = { cookie: "__session=bench-uncached" };

function load(path, duration, extraHeaders = {}) {
  return autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration, headers: { ...HEADERS, ...extraHeaders } });
}

async function measure(label, path, extraHeaders = {}) {
  await load(path, WARMUP_S, extraHeaders);
  const result = await load(path, DURATION_S, extraHeaders);
  const errors = result.errors + result.non2xx;
  return { label, path, rps: result.requests.average, p99: result.latency.p99, errors };
}

/** The gzipped size of every script a page loads up front. */
async function gzippedJsBytes(path) {
  const html = await (await fetch(`${BASE}${path}`, { headers: { "user-agent": HEADERS["user-agent"] } })).text();
  const urls = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1]));
  let total = 0;
  for (const url of urls) {
    const response = await fetch(`${BASE}${url}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    total += Number(response.headers.get("content-length") ?? (await response.arrayBuffer()).byteLength);
  }
  return total;
}

try {
  // The page's size decides the static file's size, so both responses carry the same bytes.
  const pageBytes = await withServer(async () => (await (await fetch(`${BASE}/es/`, { headers: { "user-agent": HEADERS["user-agent"] } })).arrayBuffer()).byteLength);
  mkdirSync("dist/client/_bench", { recursive: true });
  const filler = "<!-- same size as the rendered page -->\n";
  writeFileSync(SAME_SIZE_FILE, `<!DOCTYPE html>${filler.repeat(Math.ceil(pageBytes / filler.length))}`.slice(0, pageBytes));

  const EVENT = "/es/event/lua-serrano-marea-alta/";
  const rows = await withServer(async () => [
    await measure(`static file, ${pageBytes} B`, "/_bench/same-size-as-page.html"),
    await measure("home /es/, cached", "/es/"),
    await measure("home /es/, rendered", "/es/", UNCACHED),
    await measure("event page, cached", EVENT),
    await measure("event page, rendered", EVENT, UNCACHED),
  ]);
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, Accept-Encoding gzip/br\n`);
  const [file] = rows;
  console.log("what".padEnd(30), "req/s".padStart(10), "p99 ms".padStart(8), "errors".padStart(7), "vs static".padStart(10));
  for (const row of rows) {
    const ratio = `${((row.rps / file.rps) * 100).toFixed(1)} %`;
    console.log(row.label.padEnd(30), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(8), String(row.errors).padStart(7), ratio.padStart(10));
  }
  console.log("\nTarget (issue 3): cached home and event pages at ≥ 30 % of the static file's requests/s.");

  const js = await withServer(() => Promise.all(["/es/", "/es/event/lua-serrano-marea-alta/"].map(async (path) => [path, await gzippedJsBytes(path)])));
  console.log("\nJavaScript a page loads (script and modulepreload, gzip):");
  for (const [path, bytes] of js) console.log(`  ${path.padEnd(40)} ${(bytes / 1024).toFixed(1)} KB`);
  console.log("Target (issue 3): ≤ 120 KB of gzipped JS on a content page.");
} finally {
  rmSync("dist/client/_bench", { recursive: true, force: true });
}
