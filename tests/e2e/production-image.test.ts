import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script: the Dockerfile's build step
import { buildProductionImage, productionPackages } from "../../scripts/build-production.mjs";
import { ownServer, type OwnServer } from "./support/own-server";

// The Dockerfile's build step (scripts/build-production.mjs), run here as the image build runs it,
// and its output started on the production dependencies alone: the image itself cannot be built on
// this machine (no image registry). Each production package is linked from this checkout's
// node_modules, as `npm ci --omit=dev` would install it; no devDependency is there to be found.

let image: string;
let server: OwnServer;

beforeAll(async () => {
  image = mkdtempSync(join(tmpdir(), "arena-image-"));
  buildProductionImage(image, { log: () => {} });
  for (const name of productionPackages() as Set<string>) {
    const linked = join(image, "node_modules", name);
    mkdirSync(dirname(linked), { recursive: true });
    symlinkSync(resolve("node_modules", name), linked, "dir");
  }
  server = await ownServer({ SERVER_WORKERS: "1" }, { cwd: image });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.dispose();
  if (image) rmSync(image, { recursive: true, force: true });
});

const healthCheck = () => spawnSync(process.execPath, ["scripts/health-check.mjs"], { cwd: image, env: { PATH: process.env.PATH, PORT: new URL(server.baseUrl).port }, timeout: 10_000 });

describe("the production image's files", () => {
  it("hold no test or development tool, nor the sources", () => {
    for (const devOnly of ["vitest", "typescript", "playwright-core", "@firebase/rules-unit-testing"]) expect(existsSync(join(image, "node_modules", devOnly)), devOnly).toBe(false);
    for (const source of ["core", "adapters", "ui", "tests", "composition"]) expect(existsSync(join(image, source)), source).toBe(false);
  });

  it("serve the site on the production dependencies alone: a page, its script, the health check", async () => {
    const home = await fetch(`${server.baseUrl}/es/`);
    expect(home.status).toBe(200);
    const script = (await home.text()).match(/<script src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${server.baseUrl}${script}`)).status).toBe(200);
    expect(healthCheck().status).toBe(0);
  });

  it("fail the image's HEALTHCHECK once the server is gone", async () => {
    await server.stop();
    expect(healthCheck().status).toBe(1);
  });
});
