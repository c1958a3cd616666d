import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { hostMatcher, servedHostsOnly } from "../../../../../adapters/http/server/served-hosts.middleware";

describe("hostMatcher", () => {
  it("serves the public origin's host, the configured hosts, and nothing else", () => {
    const served = hostMatcher("https://arena.example", ["en.arena.example", "staging.arena.example:8443"]);
    expect(served("arena.example")).toBe(true);
    expect(served("ARENA.example")).toBe(true);
    expect(served("en.arena.example")).toBe(true);
    expect(served("en.arena.example:443")).toBe(true);
    expect(served("staging.arena.example:8443")).toBe(true);
    expect(served("staging.arena.example")).toBe(false);
    expect(served("evil.example")).toBe(false);
    expect(served("arena.example.evil.example")).toBe(false);
    expect(served("localhost:3000")).toBe(false);
    expect(served("")).toBe(false);
  });

  it("takes every loopback name on the port of a loopback public origin", () => {
    const served = hostMatcher("http://localhost:3000", []);
    expect(served("localhost:3000")).toBe(true);
    expect(served("127.0.0.1:3000")).toBe(true);
    expect(served("[::1]:3000")).toBe(true);
    expect(served("127.0.0.1:4000")).toBe(false);
  });
});

describe("servedHostsOnly", () => {
  const app = new Hono();
  app.use(servedHostsOnly(hostMatcher("https://arena.example", [])));
  app.get("*", (c) => c.text("page"));

  it("answers 421 for a page on another host, and serves files and APIs on any host", async () => {
    expect((await app.request("http://evil.example/en/")).status).toBe(421);
    expect((await app.request("http://arena.example/en/")).status).toBe(200);
    expect((await app.request("http://10.0.0.7/api/health")).status).toBe(200);
    expect((await app.request("http://10.0.0.7/robots.txt")).status).toBe(200);
  });
});
