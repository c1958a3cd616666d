import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../composition/config";

describe("the shared cache settings", () => {
  it("default to no purge, and pages kept 30 s, served stale 30 s more while asked again, a day when the site fails", () => {
    expect(loadConfig({}).sharedCache).toEqual({ maxAgeSeconds: 30, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 86_400, purge: { kind: "none" } });
  });

  it("keep pages an hour once a publish purges them, through Fastly or a Varnish", () => {
    expect(loadConfig({ CDN_PURGE: "fastly", FASTLY_SERVICE_ID: "svc", FASTLY_API_TOKEN: "tok" }).sharedCache).toMatchObject({
      maxAgeSeconds: 3600,
      purge: { kind: "fastly", serviceId: "svc", apiToken: "tok" },
    });
    expect(loadConfig({ CDN_PURGE: "varnish", CDN_PURGE_URL: "http://10.0.0.5:6081/", CDN_MAX_AGE: "600" }).sharedCache).toMatchObject({
      maxAgeSeconds: 600,
      purge: { kind: "varnish", url: "http://10.0.0.5:6081/" },
    });
  });

  it("refuse an unknown purge, a purge without what it needs, and lifetimes that are not whole seconds", () => {
    for (const env of [{ CDN_PURGE: "akamai" }, { CDN_PURGE: "fastly", FASTLY_SERVICE_ID: "svc" }, { CDN_PURGE: "varnish" }, { CDN_MAX_AGE: "-1" }, { CDN_STALE_IF_ERROR: "1.5" }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrowError(ConfigError);
    }
  });
});
