import { builtinModules } from "node:module";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

/** Every import specifier of a TypeScript source (static, dynamic, re-export, import.meta.glob). */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
    /import\.meta\.glob(?:<[^>]*>)?\(\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

const FORBIDDEN_IN_CORE = [/^react(-dom)?(\/|$)/, /^vike/, /^@vikejs\//, /^firebase/, /^@firebase\//, /^storyblok/, /^@storyblok\//, /^i18next/, /^react-i18next/, /^hono/, /^@hono\//, /^node:/];
const NODE_BUILTINS = new Set(builtinModules);

/** Why `specifier`, imported by `file`, breaks the dependency rules, or undefined when it does not. */
export function violation(file: string, specifier: string): string | undefined {
  const layer = layerOf(file);
  const target = specifier.startsWith(".") ? layerOf(resolve(dirname(file), specifier)) : undefined;
  if (layer === "core") {
    if (FORBIDDEN_IN_CORE.some((pattern) => pattern.test(specifier))) return "core imports a framework, an SDK or Node";
    if (NODE_BUILTINS.has(specifier.split("/")[0]!)) return "core imports a Node built-in";
    if (target && target !== "core") return `core reaches into ${target}/`;
  }
  if (layer === "ui" && target === "adapters") return "ui reaches an adapter instead of the composition root";
  if (isPresentational(file)) {
    if (target === "composition") return "a presentational component reaches the composition root (props only; the shell connects)";
    if (/^vike(-react)?(\/|$)/.test(specifier)) return "a presentational component reads the page context (props only; the shell connects)";
    if (specifier.startsWith(".") && relative(ROOT, resolve(dirname(file), specifier)).startsWith(`ui${sep}shell`)) return "a presentational component reaches into the shell";
  }
  if (layer === "adapters" && (target === "ui" || target === "composition")) return `an adapter reaches into ${target}/`;
  if (layer === "adapters" && specifier.startsWith(".")) return adapterViolation(file, specifier);
  if (layer === "kiosk") return kioskViolation(file, specifier);
  return undefined;
}

/**
 * Between adapters (issue 53, item 4): the embedded defaults and the runtime's own pieces are
 * reached by the HTTP routes, never the other way round, and no adapter imports another's routes.
 */
function adapterViolation(file: string, specifier: string): string | undefined {
  const from = adapterOf(file);
  const targetFile = resolve(dirname(file), specifier);
  const to = adapterOf(targetFile);
  if (!from || !to || from === to) return undefined;
  if ((from === "embedded" || from === "runtime") && to === "http") return `adapters/${from}/ reaches into adapters/http/ (the routes use the embedded defaults, not the other way round)`;
  if (from === "runtime" && to === "embedded") return "adapters/runtime/ reaches into adapters/embedded/ (both runs use runtime/; only the embedded run has embedded/)";
  if (/\.routes?(\.ts)?$/.test(targetFile)) return `an adapter imports adapters/${to}/'s routes`;
  return undefined;
}

function adapterOf(file: string): string | undefined {
  const parts = relative(ROOT, file).split(sep);
  return parts[0] === "adapters" ? parts[1] : undefined;
}

/** The door kiosk's own folders besides kiosk/: the core, the browser's adapters and the texts (issue 54). */
const KIOSK_REACHES = ["core", join("adapters", "http", "browser"), "locales", "kiosk"];
const FORBIDDEN_IN_KIOSK = [/^vike/, /^@vikejs\//, /^hono/, /^@hono\//, /^firebase-admin/, /^node:/];

/** The kiosk's build config: run by Node at build time, shipped to no browser, it may use the build's plugins. */
const KIOSK_BUILD_CONFIG = join("kiosk", "vite.config.ts");

/** The kiosk is a second client of the core: nothing of the site's ui/ or composition root, no server. */
function kioskViolation(file: string, specifier: string): string | undefined {
  if (relative(ROOT, file) === KIOSK_BUILD_CONFIG && relative(ROOT, resolve(dirname(file), specifier)).startsWith(join("scripts", "vite-plugins") + sep)) return undefined;
  if (FORBIDDEN_IN_KIOSK.some((pattern) => pattern.test(specifier)) || NODE_BUILTINS.has(specifier.split("/")[0]!)) return "the kiosk imports the site's framework, a server or Node";
  if (!specifier.startsWith(".")) return undefined;
  const target = relative(ROOT, resolve(dirname(file), specifier));
  if (KIOSK_REACHES.some((allowed) => target === allowed || target.startsWith(`${allowed}${sep}`))) return undefined;
  return `the kiosk reaches into ${target.split(sep).slice(0, 2).join("/")} (core/, adapters/http/browser/ and locales/ only)`;
}

/** ui/components/ holds the design system's parts: they take props and render, nothing else. */
function isPresentational(file: string): boolean {
  return relative(ROOT, file).startsWith(`ui${sep}components${sep}`);
}

function layerOf(path: string): string {
  return relative(ROOT, path).split(sep)[0] ?? "";
}

export function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts)$/.test(entry)) out.push(full);
    }
  };
  walk(join(ROOT, folder));
  return out;
}

export function violationsIn(folder: string): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importsOf(readFileSync(file, "utf8")).flatMap((specifier) => {
      const reason = violation(file, specifier);
      return reason ? [`${relative(ROOT, file)}: "${specifier}" (${reason})`] : [];
    }),
  );
}
