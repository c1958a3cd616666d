// The production image's build step (Dockerfile): `node scripts/build-production.mjs <out>` builds
// the site, checks that the built server needs nothing but the production dependencies, and copies
// what the image runs into <out>, where the Dockerfile then installs those dependencies alone
// (`npm ci --omit=dev`). tests/e2e/production-image.test.ts runs the same steps and starts the result.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";

/** What the image runs: the build, the embedded content (CONTENT_DIR's default), the launcher and its health check, the manifests npm installs from. */
export const IMAGE_FILES = ["dist", "content", "scripts/serve.mjs", "scripts/health-check.mjs", "package.json", "package-lock.json"];

/** The files whose imports the image must satisfy: the built server and the scripts it runs. */
const RUNTIME_CODE = ["dist/server", "scripts/serve.mjs", "scripts/health-check.mjs"];

const BUILTINS = new Set(builtinModules);

/** `import … from "x"`, `export … from "x"`, `import("x")`, `import "x"`, `require("x")`: every literal specifier. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"']+)["']/g;

function* codeFiles(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) yield* codeFiles(join(path, entry));
  } else if (/\.(mjs|js|cjs)$/.test(path)) {
    yield path;
  }
}

/** What an npm package's name may be, with a path inside it after a slash. */
const PACKAGE_SPECIFIER = /^(@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(\/.*)?$/;

/**
 * The package a bare specifier names ("@scope/name/sub" → "@scope/name"), or undefined for a
 * relative path, a URL, a builtin, or a string that names no package (a text that happens to
 * follow the word "from").
 */
export function packageOf(specifier) {
  if (!PACKAGE_SPECIFIER.test(specifier) || BUILTINS.has(specifier) || BUILTINS.has(specifier.split("/")[0])) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The packages `npm ci --omit=dev` installs at the top of node_modules, from package-lock.json. */
export function productionPackages(root = ".") {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  return new Set(
    Object.entries(lock.packages)
      .filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev && !entry.devOptional)
      .map(([path]) => path.slice("node_modules/".length)),
  );
}

/** Each package the runtime code imports that a production install would not have, with a file that imports it. */
export function productionImportProblems(root = ".") {
  const installed = productionPackages(root);
  const problems = new Map();
  for (const file of RUNTIME_CODE.flatMap((path) => [...codeFiles(join(root, path))])) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const name = packageOf(specifier);
      if (name && !installed.has(name) && !problems.has(name)) problems.set(name, file);
    }
  }
  return [...problems].map(([name, file]) => `${file} imports ${name}, which \`npm ci --omit=dev\` does not install (a devDependency, or no dependency at all)`);
}

/** Builds the site (when stale), checks its imports, and copies IMAGE_FILES into `out`. Throws with every problem found. */
export function buildProductionImage(out, { log = console.log } = {}) {
  buildIfStale({ log });
  const missing = IMAGE_FILES.filter((path) => !existsSync(path));
  const problems = [...missing.map((path) => `${path} is missing`), ...(existsSync("dist/server/index.mjs") ? [] : ["dist/server/index.mjs was not built"]), ...productionImportProblems()];
  if (problems.length > 0) throw new Error(`The production image cannot be made:\n- ${problems.join("\n- ")}`);
  mkdirSync(out, { recursive: true });
  for (const path of IMAGE_FILES) cpSync(path, join(out, path), { recursive: true });
  log(`The production image's files are in ${out}: install its dependencies there with \`npm ci --omit=dev\`.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: node scripts/build-production.mjs <output folder>");
    process.exit(2);
  }
  try {
    buildProductionImage(resolve(out));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
