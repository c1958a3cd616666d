import { describe, expect, inject, it } from "vitest";
import { COMPILE_HINT } from "../../scripts/vite-plugins/compile-hints";
import { BROWSER_USER_AGENT } from "./support/browser";
import { composition } from "./support/js-composition";

// Issue 12: a page's HTML asks for the code of what it shows, and the heavy packages load when
// first needed (XState on the first navigation or build check, Effect on an account form's first
// use, Firebase only with its provider, dialogs when opened, carousels once the page is
// shown). The chunks are grouped by hand (vite.config.ts), and a group takes its modules' imports
// along: one module too many would make every page that uses the group load a package it does not
// need.
const baseUrl = inject("baseUrl");


/** A chunk's static imports (`import{a as b}from"./x.js"`, `import"./x.js"`), not its dynamic ones. */
const STATIC_IMPORT = /\bimport\s*(?:[\w*{][^"'();]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;

/** The scripts a page's HTML asks for up front, with every chunk they import statically. */
async function upFrontScripts(path: string): Promise<Set<string>> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
  const pending = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1]!);
  const reached = new Set<string>();
  while (pending.length > 0) {
    const script = pending.pop()!;
    if (reached.has(script)) continue;
    reached.add(script);
    const response = await fetch(`${baseUrl}${script}`);
    expect(response.headers.get("content-type"), script).toMatch(/javascript/);
    const code = await response.text();
    for (const [, relative] of code.matchAll(STATIC_IMPORT)) pending.push(new URL(relative!, `${baseUrl}${script}`).pathname);
  }
  return reached;
}

async function packagesUpFront(path: string): Promise<Set<string>> {
  // The bundler's runtime (a few helpers of its own, no source map) is the one chunk not listed.
  return new Set([...(await upFrontScripts(path))].flatMap((script) => Object.keys(composition[script] ?? {})));
}

describe("the JavaScript a page loads up front", () => {
  // The carousels' code (Embla) comes after the page is shown too: their slides are the server's
  // HTML until it arrives (ui/components/deferred-hydration/).
  const HEAVY_ON_CONTENT_PAGES = ["xstate", "effect", "firebase", "radix", "embla"];

  for (const path of ["/es/", "/en/legal-notice/", "/val/faq/", "/es/events/", "/es/event/lua-serrano-marea-alta/", "/es/contact/", "/en/jobs/"]) {
    it(`holds React and the site's code but none of ${HEAVY_ON_CONTENT_PAGES.join(", ")} on ${path}`, async () => {
      const packages = await packagesUpFront(path);
      expect(packages).toContain("react-dom");
      expect(packages).toContain("site");
      for (const heavy of HEAVY_ON_CONTENT_PAGES) expect(packages, heavy).not.toContain(heavy);
    });
  }

  // Their forms' schemas, and Effect with them, load on a form's first use (useAccountForm).
  for (const path of ["/es/login/", "/en/register/", "/val/forgot-password/", "/es/verify-email/?code=x"]) {
    it(`holds XState but not Effect on the account page ${path}`, async () => {
      const packages = await packagesUpFront(path);
      expect(packages).toContain("xstate");
      expect(packages).not.toContain("effect");
    });
  }

  it("asks V8 to compile React and the shell with their files, off the main thread, and nothing loaded later", async () => {
    const upFront = await upFrontScripts("/es/");
    const codeOf = async (script: string) => (await fetch(`${baseUrl}${script}`)).text();
    const everyPage = [...upFront].filter((script) => composition[script]?.["react-dom"] || (composition[script]?.vike ?? 0) > 10_000);
    expect(everyPage).toHaveLength(2);
    for (const script of everyPage) expect((await codeOf(script)).startsWith(COMPILE_HINT), script).toBe(true);
    // XState comes with the build check, a second after the page has loaded: most of it never runs.
    const later = Object.keys(composition).filter((script) => !upFront.has(script) && composition[script]!.xstate);
    expect(later.length).toBeGreaterThan(0);
    for (const script of later) expect((await codeOf(script)).includes(COMPILE_HINT.trim()), script).toBe(false);
  });
});
