// `npm run audit`: Lighthouse (mobile) on the home page and an event page of the production build,
// in Debian's Chromium. Prints the category scores, then the performance of the same page under
// throttling applied by Chromium; asserts nothing (the targets are in issues 3 and 12).
import { get } from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfStale } from "./build-if-stale.mjs";
import { machineLine, measureMachine } from "./machine-state.mjs";
import { withProductionServer } from "./production-server.mjs";
import { serverWorkers } from "./serve.mjs";

const PORT = Number(process.env.AUDIT_PORT ?? 3901);
const BASE = `http://127.0.0.1:${PORT}`;
// AUDIT_PAGES=/_editor/,/es/ audits other pages.
const PAGES = process.env.AUDIT_PAGES?.split(",") ?? ["/es/", "/es/event/lua-serrano-marea-alta/"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** A report's metrics on one line: FCP 1.6 s · LCP 2.1 s · … */
function metricsLine(result) {
  return METRICS.map((id) => `${id.split("-").map((word) => word[0]).join("").toUpperCase()} ${result?.lhr.audits[id]?.displayValue ?? "–"}`).join(" · ");
}

/** GET on a connection of its own: the body, as text. */
function onNewConnection(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk) => (body += chunk)).on("end", () => resolve(body)).on("error", reject);
    }).on("error", reject);
  });
}

buildIfStale();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  await withProductionServer(PORT, ".data/audit", async () => {
    // Warm the server's caches so the audit sees what visitors see: the pages, and the image
    // service's variants of their pictures (each is resized once, on its first request, and kept on
    // disk for every worker). Earlier visitors reached every worker, each with its own page cache:
    // each page is asked for on new connections, which the workers take in turn.
    for (const path of PAGES) {
      let html = "";
      for (let visit = 0; visit < 2 * serverWorkers(process.env.SERVER_WORKERS); visit += 1) html = await onNewConnection(`${BASE}${path}`);
      const candidates = [...html.matchAll(/(?:src|srcset|imagesrcset)="([^"]+)"/gi)].flatMap((match) => match[1].split(",").map((candidate) => candidate.trim().split(/\s+/)[0]));
      const images = [...new Set(candidates.filter((url) => url.startsWith("/a/")))];
      for (const image of images) await fetch(`${BASE}${image}`).then((response) => response.arrayBuffer());
    }
    console.log(`Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, ${process.env.CHROME_PATH ?? "/usr/bin/chromium"}`);
    // Lighthouse's estimate counts each task of the observed load four times over, the time a fresh
    // renderer spends on its memory's first touch included: the machine's figure tells those days.
    console.log(`${machineLine(measureMachine())}\n`);
    console.log("page".padEnd(40), ...CATEGORIES.map((category) => category.padStart(15)));
    for (const path of PAGES) {
      const result = await lighthouse(`${BASE}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      const scores = CATEGORIES.map((category) => String(Math.round((result?.lhr.categories[category]?.score ?? 0) * 100)).padStart(15));
      console.log(path.padEnd(40), ...scores);
      console.log(`    ${metricsLine(result)}`);
      // The same page loaded under the same network and CPU throttling applied by Chromium itself
      // instead of estimated from an unthrottled load (Lighthouse's default, above): the estimate
      // counts every request that ended before the paint it observed, so it swings by ± 4 points
      // with when the paint came in the unthrottled load.
      const applied = await lighthouse(`${BASE}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], throttlingMethod: "devtools" });
      console.log(`    applied throttling: performance ${Math.round((applied?.lhr.categories.performance?.score ?? 0) * 100)} · ${metricsLine(applied)}`);
      const failed = Object.values(result?.lhr.audits ?? {}).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual");
      for (const audit of failed.slice(0, 8)) console.log(`    ${audit.id}: ${audit.displayValue ?? audit.score}`);
    }
    console.log("\nTargets: performance ≥ 95 (issue 3) and ≥ 97 on these two pages (issue 12); accessibility, best practices and SEO 100.");
  });
} finally {
  await chrome.kill();
}
