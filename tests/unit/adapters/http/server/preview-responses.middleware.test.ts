import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { previewResponses } from "../../../../../adapters/http/server/preview-responses.middleware";

function app() {
  return new Hono().use(previewResponses()).get("*", (c) => c.html("<p>page</p>", 200, { "Cache-Control": "no-cache" }));
}

describe("responses to the editor's preview links", () => {
  it("are never cached, indexed or sent on as a referrer, whether the token is genuine or not", async () => {
    for (const query of ["?_storyblok=1&_storyblok_tk[token]=abc", "?_storyblok_tk[space_id]=1"]) {
      const response = await app().request(`/es/${query}`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });

  it("leave every other page's headers as they are", async () => {
    const response = await app().request("/es/?page=2");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-robots-tag")).toBeNull();
  });
});
