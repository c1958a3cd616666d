import { describe, expect, it } from "vitest";
import { header, raw } from "./support/raw-http";

// The page cache shares one rendering among every visitor of a URL. Nothing one request sends
// beyond the parameters that make the cache key (search, page, category) may reach that rendering.

const MARK = "zq9poison";
const hrefs = (html: string) => [...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1] ?? "");

/** Sends `poison` once, then reads the page as a fresh visitor would. */
async function visitAfter(path: string, poison: { query?: string; headers?: Record<string, string> }) {
  const first = await raw({ path: `${path}${poison.query ?? ""}`, headers: poison.headers });
  expect(first.status).toBeLessThan(500);
  return raw({ path });
}

describe("page cache poisoning", () => {
  it("drops unknown query parameters from every link the server renders", async () => {
    const response = await raw({ path: `/en/contact/?foo=X%22%3E%3Csvg%3E${MARK}&utm_source=${MARK}` });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain(MARK);
  });

  it("hands the next visitor a page without the first visitor's parameters", async () => {
    for (const path of ["/en/contact/", "/es/events/", "/val/"]) {
      const later = await visitAfter(path, { query: `?foo=${MARK}&bar=%22%3E%3Csvg%20onload%3Dalert(1)%3E` });
      expect(later.status).toBe(200);
      expect(later.body).not.toContain(MARK);
      expect(later.body).not.toContain("<svg onload");
    }
  });

  it("never caches or links preview parameters, with or without _storyblok", async () => {
    const tk = `_storyblok_tk[space_id]=1000001&_storyblok_tk[timestamp]=1&_storyblok_tk[token]=${MARK}`;
    for (const query of [`?${tk}`, `?_storyblok=1&${tk}`, `?_storyblok_release=${MARK}`]) {
      const response = await raw({ path: `/en/about-us/${query}` });
      expect(response.body).not.toContain(MARK);
      expect(header(response, "x-page-cache")).not.toBe("hit");
    }
    const later = await raw({ path: "/en/about-us/" });
    expect(later.body).not.toContain(MARK);
    expect(later.body).not.toContain("_storyblok_tk");
  });

  it("keeps the allowed parameters, and only them, in listing links", async () => {
    const response = await raw({ path: `/en/events/?search=concert&foo=${MARK}` });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain(MARK);
    const switcher = hrefs(response.body).filter((href) => /^\/(es|val)\/events\/\?/.test(href));
    expect(switcher.length).toBeGreaterThan(0);
    for (const href of switcher) expect(href).toMatch(/\?search=concert$/);
  });

  it("does not let request headers reach a shared page", async () => {
    const headers = {
      "X-Forwarded-Host": `${MARK}.example`,
      "X-Forwarded-Proto": "gopher",
      "X-Original-URL": `/${MARK}/`,
      "X-Rewrite-URL": `/${MARK}/`,
      Forwarded: `host=${MARK}.example`,
      "Accept-Language": `${MARK}`,
      Cookie: `arena_locale=${MARK}`,
    };
    const later = await visitAfter("/es/contact/", { headers });
    expect(later.body).not.toContain(MARK);
  });

  it("refuses a Host the site does not serve, without rendering or caching a page for it", async () => {
    const response = await raw({ path: "/en/", headers: { Host: `${MARK}.example` } });
    expect(response.status).toBe(421);
    expect(response.body).not.toContain(MARK);
    expect(header(response, "x-page-cache")).toBeUndefined();
  });

  it("still serves the platform's health check on any Host", async () => {
    expect((await raw({ path: "/api/health", headers: { Host: "10.0.0.7:3000" } })).status).toBe(200);
  });
});
