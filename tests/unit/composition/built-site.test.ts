import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtSiteDir, readBuildNote } from "../../../composition/built-site";

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

describe("the build's notes", () => {
  const logged: { event: string; fields?: Record<string, unknown> }[] = [];
  const logger = {
    info: () => undefined,
    warn: (event: string, fields?: Record<string, unknown>) => logged.push({ event, fields }),
    error: () => undefined,
  };

  it("are read as a list per name", () => {
    writeFileSync(join(dist, "block-chunks.json"), JSON.stringify({ Faqs: ["/assets/chunks/chunk-a.js", "/assets/chunks/chunk-b.js"] }));
    expect(readBuildNote(dist, "block-chunks.json", logger)).toEqual(new Map([["Faqs", ["/assets/chunks/chunk-a.js", "/assets/chunks/chunk-b.js"]]]));
    expect(logged).toEqual([]);
  });

  it("are logged when missing, with what the site does without them and what to do", () => {
    expect(readBuildNote(dist, "page-texts.json", logger)).toBeUndefined();
    expect(logged).toEqual([
      {
        event: "build.note-missing",
        fields: { file: join(dist, "page-texts.json"), consequence: "every page is sent every text of the site", fix: "run `npm run build`" },
      },
    ]);
  });
});
