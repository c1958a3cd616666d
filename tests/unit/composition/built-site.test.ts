import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtSiteDir } from "../../../composition/built-site";

const root = mkdtempSync(join(tmpdir(), "arena-built-site-"));
const dist = join(root, "dist");
mkdirSync(join(dist, "server", "chunks"), { recursive: true });
mkdirSync(join(dist, "client", "assets"), { recursive: true });
mkdirSync(join(root, "elsewhere", "server"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the production build's folder", () => {
  it.each([
    ["a chunk of the server build", join(dist, "server", "chunks", "chunk-abc.js")],
    ["the server build's entry", join(dist, "server", "index.mjs")],
  ])("is found from %s", (_, file) => {
    expect(builtSiteDir(file)).toBe(dist);
  });

  it("is not a server folder without a client build beside it, and says what to do", () => {
    expect(() => builtSiteDir(join(root, "elsewhere", "server", "index.mjs"))).toThrow(/No client build .* run `npm run build`/);
  });
});
