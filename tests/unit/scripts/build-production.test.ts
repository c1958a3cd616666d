import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script: the Dockerfile's build step
import { packageOf, productionImportProblems, productionPackages } from "../../../scripts/build-production.mjs";

// The check the image's build step makes before it copies the site (tests/e2e/production-image.test.ts
// starts the result): on a small made-up checkout, so that each way of failing is seen.

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "arena-image-check-"));
  mkdirSync(join(root, "dist/server/chunks"), { recursive: true });
  mkdirSync(join(root, "scripts"));
  writeFileSync(
    join(root, "package-lock.json"),
    JSON.stringify({
      packages: {
        "": { dependencies: { hono: "4" }, devDependencies: { vitest: "4" } },
        "node_modules/hono": {},
        "node_modules/@scope/tool": { dev: true },
        "node_modules/vitest": { dev: true },
        "node_modules/vitest/node_modules/tinypool": { dev: true },
      },
    }),
  );
  writeFileSync(join(root, "scripts/serve.mjs"), 'import cluster from "node:cluster";\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const serverCode = (code: string) => writeFileSync(join(root, "dist/server/chunks/chunk.mjs"), code);

describe("the production image's import check", () => {
  it("passes a server that imports builtins, its own chunks and production packages only", () => {
    serverCode(`import { Hono } from "hono";\nimport { readFile } from "node:fs/promises";\nimport "./other.mjs";\nconst text = 'Tickets from "the box office"';\nconst lazy = () => import("hono/cors");\n`);
    expect(productionImportProblems(root)).toEqual([]);
  });

  it("names each devDependency or undeclared package the server imports, however it imports it", () => {
    serverCode('import { expect } from "vitest";\nexport { x } from "@scope/tool/sub";\nconst later = () => import("left-pad");\nconst old = require("tinypool");\n');
    expect(productionImportProblems(root).map((problem: string) => problem.split(" imports ")[1]!.split(",")[0])).toEqual(["vitest", "@scope/tool", "left-pad", "tinypool"]);
  });

  it("reads which packages a production install has from package-lock.json: top-level, not dev", () => {
    expect([...productionPackages(root)]).toEqual(["hono"]);
    expect([packageOf("@scope/tool/sub"), packageOf("react/jsx-runtime"), packageOf("node:fs"), packageOf("fs/promises"), packageOf("./chunk.mjs")]).toEqual(["@scope/tool", "react", undefined, undefined, undefined]);
  });
});
