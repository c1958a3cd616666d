import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../../../../adapters/http/server/security-headers.middleware";

const OPTIONS = {
  production: true,
  frameAncestors: ["'self'", "https://app.storyblok.com"],
  scriptOrigins: ["https://consent.example"],
  previewScriptOrigins: ["https://app.storyblok.com"],
};

function site() {
  const app = new Hono();
  app.use(securityHeaders(OPTIONS));
  // A personal page: Vike announces its nonce in a minimal policy.
  app.get("/es/dashboard/", (c) => c.html("<p>mine</p>", 200, { "Content-Security-Policy": "script-src 'self' 'nonce-abc123'" }));
  // A shared page: no nonce, the same bytes for everyone.
  app.get("/es/*", (c) => c.html("<p>everyone's</p>"));
  return app;
}

const scriptSrc = (response: Response) => /script-src ([^;]+)/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("security headers", () => {
  it("keeps a personal page's nonce, with strict-dynamic", async () => {
    expect(scriptSrc(await site().request("/es/dashboard/"))).toBe("'self' 'nonce-abc123' 'strict-dynamic' https://consent.example");
  });

  it("allows a shared page the site's own scripts and the configured third parties only: no inline script, no other origin", async () => {
    const answer = await site().request("/es/about/");
    expect(scriptSrc(answer)).toBe("'self' https://consent.example");
    expect(answer.headers.get("Content-Security-Policy")).toContain("object-src 'none'");
    expect(answer.headers.get("Content-Security-Policy")).toContain("base-uri 'self'");
  });

  it("allows the CMS's bridge script on a preview's answer only", async () => {
    expect(scriptSrc(await site().request("/es/about/?_storyblok=12&_storyblok_tk[token]=x"))).toBe("'self' https://consent.example https://app.storyblok.com");
    expect(scriptSrc(await site().request("/es/about/?not_storyblok=1"))).toBe("'self' https://consent.example");
  });
});
