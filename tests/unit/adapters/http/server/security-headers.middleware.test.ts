import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders, type SecurityHeadersOptions } from "../../../../../adapters/http/server/security-headers.middleware";
import { loadConfig } from "../../../../../composition/config";

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
  app.get("/kiosk/", (c) => c.html("<p>the door</p>"));
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

  it("lets the door kiosk use the camera, and no page of the site", async () => {
    expect((await site().request("/kiosk/")).headers.get("Permissions-Policy")).toBe("camera=(self), microphone=(), geolocation=(), payment=(self)");
    expect((await site().request("/es/about/")).headers.get("Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
  });

  it("allows the CMS's bridge script on a preview's answer only", async () => {
    expect(scriptSrc(await site().request("/es/about/?_storyblok=12&_storyblok_tk[token]=x"))).toBe("'self' https://consent.example https://app.storyblok.com");
    expect(scriptSrc(await site().request("/es/about/?not_storyblok=1"))).toBe("'self' https://consent.example");
  });
});

async function connectSrcOf(options: SecurityHeadersOptions): Promise<string[]> {
  const app = new Hono();
  app.use(securityHeaders(options));
  app.get("/", (c) => c.text("Túria Arena"));
  const policy = (await app.request("/")).headers.get("Content-Security-Policy") ?? "";
  const directive = policy.split("; ").find((each) => each.startsWith("connect-src ")) ?? "";
  return directive.split(" ").slice(1);
}

const PRODUCTION = { production: true, frameAncestors: ["'self'"], scriptOrigins: [] } as const;

describe("the Content-Security-Policy's connect-src", () => {
  it("in production allows the site itself and https only, with no emulator configured", async () => {
    expect(await connectSrcOf(PRODUCTION)).toEqual(["'self'", "https:"]);
    expect(await connectSrcOf({ ...PRODUCTION, emulatorOrigins: [] })).toEqual(["'self'", "https:"]);
  });

  it("adds the Auth emulator's plain-http origin when one is configured, in production and in development", async () => {
    expect(await connectSrcOf({ ...PRODUCTION, emulatorOrigins: ["http://127.0.0.1:9099"] })).toEqual(["'self'", "https:", "http://127.0.0.1:9099"]);
    expect(await connectSrcOf({ ...PRODUCTION, production: false, emulatorOrigins: ["http://127.0.0.1:9099"] })).toEqual([
      "'self'",
      "https:",
      "ws:",
      "wss:",
      "http://127.0.0.1:9099",
    ]);
  });
});

describe("the Auth emulator's origin in the configuration", () => {
  // Shared secrets as every Firebase start-up needs them; the key is only read, not parsed, by the configuration.
  const FIREBASE = {
    FIREBASE_PROJECT_ID: "demo-arena",
    SESSION_SECRET: "security-headers-test-secret",
    TICKET_SIGNING_KEY: "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEILAO+keYAL/mBe46TysK2tVSVmp468O1DAZtU/dWHGUr\n-----END PRIVATE KEY-----\n",
    EDITOR_PASSWORD: "security-headers-test-password",
  };

  it("is FIREBASE_AUTH_EMULATOR_HOST's, and there is none without it", () => {
    const emulated = loadConfig({ ...FIREBASE, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).identity;
    expect(emulated.provider === "firebase" && emulated.emulatorUrl).toBe("http://127.0.0.1:9099");
    const real = loadConfig({ ...FIREBASE, FIREBASE_API_KEY: "AIza-test" }).identity;
    expect(real.provider === "firebase" && real.emulatorUrl).toBeUndefined();
    expect(loadConfig({}).identity).toEqual({ provider: "local" });
  });

  it("refuses a host that is not a host and port, since it goes into the policy", () => {
    for (const host of ["127.0.0.1:9099; script-src *", "http://127.0.0.1:9099", "127.0.0.1:9099 https:"]) {
      expect(() => loadConfig({ ...FIREBASE, FIREBASE_AUTH_EMULATOR_HOST: host }), host).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    }
  });
});
