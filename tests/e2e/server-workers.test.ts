import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownServer, workerPids, type OwnServer } from "./support/own-server";
import { eventually } from "./support/server-store";

// scripts/serve.mjs: the site on SERVER_WORKERS processes that share the port.

let server: OwnServer;

beforeAll(async () => {
  server = await ownServer({ SERVER_WORKERS: "2" });
  await server.start();
});

afterAll(() => server?.dispose());

describe("the server's worker processes", () => {
  it("replaces a worker that dies, and answers meanwhile", async () => {
    await eventually(() => server.output().includes('"event":"server.workers-listening"'), "both workers listening", { timeoutMs: 30_000, everyMs: 50 });
    const before = workerPids(server.pid()!);
    expect(before).toHaveLength(2);
    process.kill(before[0]!, "SIGKILL");
    await eventually(() => !workerPids(server.pid()!).includes(before[0]!), "the dead worker gone", { timeoutMs: 10_000, everyMs: 20 });
    // The other worker answers while the new one starts.
    for (let request = 0; request < 20; request++) expect((await fetch(`${server.baseUrl}/es/`)).status).toBe(200);
    await eventually(() => workerPids(server.pid()!).length === 2, "two workers again", { timeoutMs: 30_000, everyMs: 100 });
    const after = workerPids(server.pid()!);
    expect(after).toContain(before[1]);
    expect(after).not.toContain(before[0]);
  });

  it("stops with the first worker's exit code when it cannot start, and starts no other", () => {
    const run = spawnSync(process.execPath, ["scripts/serve.mjs"], { env: { ...process.env, SERVER_WORKERS: "2", PAGE_CACHE_ENTRIES: "-1" }, encoding: "utf8", timeout: 60_000 });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr.match(/ConfigError: PAGE_CACHE_ENTRIES=-1 is not valid/g)).toHaveLength(1);
    expect(run.stdout).not.toContain("server.workers-listening");
  });

  it("serves the built site on one process too: its scripts, its styles and only the texts a page uses", async () => {
    const single = await ownServer({ SERVER_WORKERS: "1" });
    try {
      await single.start();
      const html = await (await fetch(`${single.baseUrl}/es/`)).text();
      const files = [...html.matchAll(/(?:<script src|<link rel="(?:stylesheet|modulepreload)"[^>]*? href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
      expect(files.some((file) => file.endsWith(".css"))).toBe(true);
      expect(files.some((file) => file.endsWith(".js"))).toBe(true);
      for (const file of files) {
        const response = await fetch(`${single.baseUrl}${file}`);
        expect([file, response.status, response.headers.get("content-type")]).toEqual([file, 200, expect.stringMatching(/^text\/(css|javascript)/)]);
      }
      // The build's list of each page's texts: the mails' texts are no page's.
      expect(html).toContain("nav.home");
      expect(html).not.toContain("mail.verifyEmail.subject");
    } finally {
      await single.dispose();
    }
  });

  it("does not start without its client build: it says to build, with a failing exit code", () => {
    // A server build alone, inside the repository so that its imports find node_modules.
    mkdirSync(".data", { recursive: true });
    const copy = mkdtempSync(join(".data", "server-build-only-"));
    try {
      cpSync(join("dist", "server"), join(copy, "dist", "server"), { recursive: true });
      const run = spawnSync(process.execPath, [join(copy, "dist", "server", "index.mjs")], {
        env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(copy, "data") },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.signal).toBeNull();
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/No client build .* run `npm run build`/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("refuses a SERVER_WORKERS that is no number of processes, naming it", () => {
    for (const value of ["0", "two", "1.5"]) {
      const run = spawnSync(process.execPath, ["scripts/serve.mjs"], { env: { ...process.env, SERVER_WORKERS: value }, encoding: "utf8", timeout: 30_000 });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`SERVER_WORKERS must be a whole number from 1 to 64, or "auto"; got "${value}"`);
    }
  });
});
