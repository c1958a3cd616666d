import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** The file beside `dist/client` (so never served) that the bench reads. */
export const JS_COMPOSITION_FILE = "js-composition.json";

/** The groups the bench reports, each with the packages it covers; the rest of node_modules is "other". */
const PACKAGE_GROUPS: ReadonlyArray<readonly [group: string, packages: RegExp]> = [
  ["react-dom", /^(react|react-dom|scheduler)$/],
  ["vike", /^(vike|vike-react|@brillout\/.*|@vikejs\/.*)$/],
  ["i18next", /^i18next$/],
  ["xstate", /^(xstate|@xstate\/.*)$/],
  ["embla", /^embla-carousel.*$/],
  ["radix", /^@radix-ui\/.*$/],
  ["firebase", /^(firebase|@firebase\/.*)$/],
  ["effect", /^(effect|@effect\/.*)$/],
];

/** Which group a source file belongs to: its package's, or the site's own code. */
export function groupOfSource(source: string): string {
  const path = source.replaceAll("\\", "/");
  // Vike's virtual modules (page configs, entries) are Vike's runtime at work.
  if (path.includes("virtual:vike")) return "vike";
  // Reported apart from the site's code: every page ships its language's texts.
  if (/(^|\/)locales\/[^/]+\.json$/.test(path)) return "translations";
  const at = path.lastIndexOf("node_modules/");
  if (at === -1) return "site";
  const [scopeOrName = "", name] = path.slice(at + "node_modules/".length).split("/");
  const packageName = scopeOrName.startsWith("@") ? `${scopeOrName}/${name}` : scopeOrName;
  return PACKAGE_GROUPS.find(([, packages]) => packages.test(packageName))?.[0] ?? "other";
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** One source-map segment's fields (Base64 VLQ), relative to the previous segment's. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/**
 * How many bytes of a minified chunk each group wrote, from its source map: every byte belongs to
 * the source of the segment it falls in. Bytes no segment covers (the bundler's imports and
 * exports, modules without a map such as JSON) are shared among the chunk's modules' groups in
 * proportion to their size before minification.
 */
export function bytesByGroup(
  code: string,
  map: { readonly sources: readonly string[]; readonly mappings: string },
  moduleLengths: Readonly<Record<string, number>>,
): Record<string, number> {
  const groups: Record<string, number> = {};
  const add = (group: string, bytes: number) => {
    if (bytes > 0) groups[group] = (groups[group] ?? 0) + bytes;
  };
  let unmapped = 0;
  const mappingsByLine = map.mappings.split(";");
  let sourceIndex = 0;
  code.split("\n").forEach((line, lineIndex) => {
    const mappings = mappingsByLine[lineIndex] ?? "";
    const length = Buffer.byteLength(line) + 1;
    let column = 0;
    let covered = 0;
    let coveringGroup: string | undefined;
    for (const segment of mappings.split(",").filter(Boolean)) {
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      const bytes = Buffer.byteLength(line.slice(covered, column));
      if (coveringGroup) add(coveringGroup, bytes);
      else unmapped += bytes;
      covered = column;
      if (sourceDelta === undefined) {
        coveringGroup = undefined;
      } else {
        sourceIndex += sourceDelta;
        coveringGroup = groupOfSource(map.sources[sourceIndex] ?? "");
      }
    }
    const rest = length - Buffer.byteLength(line.slice(0, covered));
    if (coveringGroup) add(coveringGroup, rest);
    else unmapped += rest;
  });
  const lengthByGroup: Record<string, number> = {};
  for (const [id, length] of Object.entries(moduleLengths)) lengthByGroup[groupOfSource(id)] = (lengthByGroup[groupOfSource(id)] ?? 0) + length;
  const total = Object.values(lengthByGroup).reduce((sum, length) => sum + length, 0);
  for (const [group, length] of Object.entries(lengthByGroup)) add(group, total && Math.round((unmapped * length) / total));
  return groups;
}

/**
 * Writes, for every client chunk, the minified bytes each package group contributes to it, so the
 * bench can split a page's gzipped JavaScript by package. The client is built with hidden source
 * maps for that, and the maps are deleted once read: they are never served.
 */
export function jsComposition(): Plugin {
  return {
    name: "arena:js-composition",
    apply: "build",
    configEnvironment(name) {
      if (name === "client") return { build: { sourcemap: "hidden" } };
    },
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const composition: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.map) continue;
        const moduleLengths = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]));
        composition[`/${output.fileName}`] = bytesByGroup(output.code, output.map, moduleLengths);
        rmSync(join(options.dir, output.sourcemapFileName ?? `${output.fileName}.map`), { force: true });
      }
      writeFileSync(join(dirname(options.dir), JS_COMPOSITION_FILE), JSON.stringify(composition, null, 1));
    },
  };
}
