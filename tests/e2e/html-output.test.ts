import { describe, expect, inject, it } from "vitest";
import { BROWSER_USER_AGENT } from "./support/browser";

// Issue 12: a change that is meant to make rendering cheaper must not change what is rendered.
// A few pages whose HTML depends on nothing but the content (no dates relative to today, no
// visitor) are compared with the HTML they had, byte for byte, once what differs per build, run or
// request is named instead of spelled: nonces, file hashes, CSS-module suffixes, test ports, the year. A change
// that means to alter a page updates its file with `vitest run --project e2e -u`.
const baseUrl = inject("baseUrl");

const PAGES = {
  "legal-notice.es": "/es/legal-notice/",
  "faq.en": "/en/faq/",
  "restaurants.val": "/val/restaurants/",
  "not-found.en": "/en/no-such-page/",
};

/** The HTML with what changes per request or per build (but not per page) named. */
function comparableHtml(html: string): string {
  return (
    html
      .replace(/ nonce="[^"]+"/g, ' nonce="…"')
      // Vite's content hashes in file names: /assets/chunks/chunk-D20XIcxB.js, …/style.B-1CxS96.css
      .replace(/([/\w-]+?)[.-][\w-]{8}\.(js|css|mjs)\b/g, "$1.$2")
      // CSS modules: _title_7kjp1_24 is the class `title` of some file, at some line (_color-default_1xiuo_35 too).
      .replace(/\b_([a-zA-Z][\w-]*?)_[a-z0-9]{5}_\d+\b/g, "_$1")
      // The test servers' ports (the site's and the third-party scripts' fixture), plain and JSON-escaped.
      .replace(/http:(\\?\/){2}127\.0\.0\.1:\d+/g, "http://127.0.0.1:…")
      // The footer's year is this year's.
      .replace(/© \d{4} /g, "© … ")
      // The build's id, in the new-build check's data.
      .replace(/"buildId":"[^"]+"/g, '"buildId":"…"')
  );
}

describe("rendered HTML", () => {
  for (const [name, path] of Object.entries(PAGES)) {
    it(`is what it was for ${path}`, async () => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { "User-Agent": BROWSER_USER_AGENT, "Accept-Encoding": "identity" } });
      await expect(comparableHtml(await response.text())).toMatchFileSnapshot(`../fixtures/html/${name}.html`);
    });
  }

  it("names no class 'undefined' on any page of the sitemap (a variant its CSS module does not style)", async () => {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(pages.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const page of pages) {
      const html = await (await fetch(page, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
      for (const match of html.matchAll(/class="[^"]*\bundefined\b[^"]*"/g)) found.push(`${page}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});
