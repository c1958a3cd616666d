// The JavaScript a page really loads, as Chromium loads it until the network is idle (scripts,
// module preloads and the chunks they import), in gzipped bytes as the server sends them, split by
// package with the build's js-composition.json; and how much of it the page's HTML asks for up
// front (its scripts and module preloads), the rest being loaded later (after hydration, on use).
import { readFileSync } from "node:fs";
import { launchChromium } from "./chromium.mjs";

export const PACKAGE_COLUMNS = ["react-dom", "vike", "i18next", "xstate", "embla", "radix", "firebase", "effect", "translations", "site", "other"];

/** `pages`: [label, path, cookies?]; answers [{ label, path, total, upFront, groups }] in bytes. */
export async function measurePageJavaScript(base, pages) {
  const composition = JSON.parse(readFileSync("dist/js-composition.json", "utf8"));
  const browser = await launchChromium();
  // A chunk shared by several pages is fetched once.
  const gzippedBytes = new Map();
  const sizeOf = async (script) => {
    if (!gzippedBytes.has(script)) {
      const response = await fetch(`${base}${script}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
      gzippedBytes.set(script, Number(response.headers.get("content-length") ?? (await response.arrayBuffer()).byteLength));
    }
    return gzippedBytes.get(script);
  };
  try {
    const results = [];
    for (const [label, path, cookies = []] of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies(cookies.map(([name, value]) => ({ name, value, url: base })));
      const page = await context.newPage();
      const scripts = new Set();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.origin === base && url.pathname.endsWith(".js")) scripts.add(url.pathname);
      });
      const html = await (await page.goto(`${base}${path}`, { waitUntil: "networkidle" })).text();
      await context.close();
      const upFrontScripts = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => new URL(match[1], base).pathname));
      const groups = {};
      let total = 0;
      let upFront = 0;
      for (const script of scripts) {
        const bytes = await sizeOf(script);
        total += bytes;
        if (upFrontScripts.has(script)) upFront += bytes;
        // The gzipped bytes are shared among the chunk's packages as their minified bytes are.
        const shares = composition[script] ?? { other: 1 };
        const minified = Object.values(shares).reduce((sum, share) => sum + share, 0);
        for (const [group, share] of Object.entries(shares)) groups[group] = (groups[group] ?? 0) + (bytes * share) / minified;
      }
      results.push({ label, path, total, upFront, upFrontFiles: upFrontScripts.size, groups });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The table the bench prints and docs/performance.md keeps, in KB; and how many files the HTML asks for up
 * front (each a round trip on a phone's HTTP/1.1 connections, six at a time).
 */
export function printPageJavaScript(results) {
  const kb = (bytes) => (bytes ? (bytes / 1024).toFixed(1) : "–");
  console.log("page".padEnd(28), "total".padStart(7), "up front".padStart(9), "files".padStart(6), ...PACKAGE_COLUMNS.map((column) => column.padStart(Math.max(6, column.length))));
  for (const { label, total, upFront, upFrontFiles, groups } of results) {
    console.log(label.padEnd(28), kb(total).padStart(7), kb(upFront).padStart(9), String(upFrontFiles).padStart(6), ...PACKAGE_COLUMNS.map((column) => kb(groups[column]).padStart(Math.max(6, column.length))));
  }
}
