import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { assetUrlPath } from "../../adapters/embedded/embedded-content/store/asset-files";
import { loadContentStore, type ContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { readComponents, storyContentProblems } from "../../adapters/embedded/embedded-content/store/story-content-check";
import type { ComponentDefinition } from "../../core";

// What `npm run content:check` checks in a content folder in the Storyblok CLI v4 layout: the
// store reads every story (no problem left), every block is declared in components/<space>/, and
// every story decodes with the core's schemas in es, en and val, in its draft and published versions,
// and every asset a story's asset field names is in assets/<space>/ as `storyblok assets pull`
// writes it: the file `{name}_{id}.{ext}` beside its asset object `{name}_{id}.json`.

export { CONTENT_TYPES, NESTED_COMPONENTS, readComponents } from "../../adapters/embedded/embedded-content/store/story-content-check";

export interface PulledAsset {
  /** The asset object's file, e.g. assets/1000001/hero_21000001.json. */
  readonly json: string;
  /** The file beside it, when there is one. */
  readonly file?: string;
  readonly id?: unknown;
  /** `f/{space}/…` of its filename. */
  readonly path?: string;
  readonly contentLength?: unknown;
  readonly alt?: unknown;
}

/** The assets of `assets/<space>/` (and `assets/shared/<library>/`), read as `assets push` reads them. */
export function readAssets(dir: string, spaceId: number): { assets: PulledAsset[]; problems: string[] } {
  const base = join(dir, "assets");
  const problems: string[] = [];
  const assets: PulledAsset[] = [];
  const folders = [join(base, String(spaceId))];
  try {
    for (const library of readdirSync(join(base, "shared")).sort()) folders.push(join(base, "shared", library));
  } catch {
    // No shared libraries.
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
    } catch {
      continue;
    }
    const present = new Set(names);
    for (const name of names.filter((file) => !file.endsWith(".json"))) {
      if (!present.has(`${basename(name, extname(name))}.json`)) problems.push(`${join(folder, name)} has no asset object beside it (${basename(name, extname(name))}.json): it is not an asset`);
    }
    for (const name of names.filter((file) => file.endsWith(".json"))) {
      const json = join(folder, name);
      let parsed: { id?: unknown; short_filename?: unknown; filename?: unknown; content_length?: unknown; alt?: unknown };
      const raw = readFileSync(json, "utf8");
      try {
        parsed = JSON.parse(raw);
      } catch (cause) {
        problems.push(`${json} is not valid JSON: ${(cause as Error).message}`);
        continue;
      }
      const stem = basename(name, ".json");
      const file = names.find((other) => other !== name && basename(other, extname(other)) === stem);
      const path = assetUrlPath(raw);
      if (!file) problems.push(`${json} has no file beside it (${stem}.{ext})`);
      if (!path) problems.push(`${json} has no Storyblok asset URL as its filename (…/f/<space>/…)`);
      if (typeof parsed.id !== "number" || !stem.endsWith(`_${parsed.id}`)) problems.push(`${json}: its id ${JSON.stringify(parsed.id)} is not the one of its name ({name}_{id}.json)`);
      if (file && typeof parsed.content_length === "number" && parsed.content_length !== statSync(join(folder, file)).size) {
        problems.push(`${json}: content_length ${parsed.content_length} is not the size of ${file} (${statSync(join(folder, file)).size} bytes)`);
      }
      assets.push({ json, file: file && join(folder, file), id: parsed.id, path, contentLength: parsed.content_length, alt: parsed.alt });
    }
  }
  return { assets, problems };
}

/** The asset fields of a story's content: `fieldtype: "asset"` with a filename, as the CLI finds them. */
function* assetFieldsIn(value: unknown, path: string): Generator<{ field: Record<string, unknown>; path: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* assetFieldsIn(item, `${path}[${index}]`);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record.fieldtype === "asset" && typeof record.filename === "string" && record.filename && record.is_external_url !== true) yield { field: record, path };
    for (const [key, inner] of Object.entries(record)) yield* assetFieldsIn(inner, `${path}.${key}`);
  }
}

/** Every problem of a content folder, one sentence each naming the story and where in it. */
export function checkContent(dir: string, options: { readonly spaceId?: number } = {}): { store: ContentStore; components: ComponentDefinition[]; problems: string[] } {
  const store = loadContentStore(dir, options);
  const { components, problems: componentProblems } = readComponents(dir, store.spaceId ?? 0);
  const { assets, problems: assetProblems } = readAssets(dir, store.spaceId ?? 0);
  const problems = [...store.problems, ...componentProblems, ...assetProblems];
  const assetsById = new Map<unknown, PulledAsset>();
  for (const asset of assets) {
    if (assetsById.has(asset.id)) problems.push(`${asset.json} has the id ${String(asset.id)} of ${assetsById.get(asset.id)?.json}`);
    else assetsById.set(asset.id, asset);
  }
  const byName = new Map(components.map((component) => [component.name, component]));
  const label = (story: { full_slug: string; id: number }) => `story "${story.full_slug}" (id ${story.id})`;

  for (const story of store.entries) {
    if (story.is_folder) continue;
    for (const version of ["draft", "published"] as const) {
      const raw = store.contentOf(story, version) as { component?: string } | undefined;
      if (!raw) continue;
      for (const { field, path } of assetFieldsIn(raw, "content")) {
        const asset = assetsById.get(field.id);
        const where = `${label(story)}, ${version}, ${path}`;
        const urlPath = assetUrlPath(JSON.stringify({ filename: field.filename }));
        if (!asset) problems.push(`${where}: asset ${String(field.id)} (${String(field.filename)}) is not in assets/${store.spaceId}/ with its asset object ({name}_${String(field.id)}.json): pull it (storyblok assets pull)`);
        else if (asset.path !== urlPath) problems.push(`${where}: the filename ${String(field.filename)} is not asset ${String(field.id)}'s (${asset.path ?? "none"}, in ${asset.json})`);
        else if (!asset.file) problems.push(`${where}: asset ${String(field.id)} has no file beside ${asset.json}`);
      }
      const prefix = `${label(story)}, ${version}`;
      for (const problem of storyContentProblems(raw, { components: byName, languages: store.languages, spaceId: store.spaceId })) {
        problems.push(problem.where ? `${prefix}, ${problem.where}: ${problem.message}` : `${prefix}: ${problem.message}`);
      }
    }
  }
  return { store, components, problems };
}
