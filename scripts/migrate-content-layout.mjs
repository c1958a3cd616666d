#!/usr/bin/env node
// One-time migration (issue 13) of a content folder from the old layout to the Storyblok CLI v4's:
//
//   stories/{slug}_{uuid}.json            → stories/<space>/{slug}_{uuid}.json, as `stories pull` writes
//                                            them (the Management API's story: its latest version)
//   its `published_content` (local field)  → published/<space>/{slug}_{uuid}.json: the story as it was
//                                            published, kept only while it has unpublished changes
//   components.json { components,          → components/<space>/components.json (a bare array),
//     component_groups }                     groups.json, presets.json, tags.json, as `components pull`
//   assets/f/<space>/{w}x{h}/{hash}/{name}  → assets/<space>/{name}_{id}.{ext} and {name}_{id}.json, as
//                                            `assets pull` writes them: the file and the Management
//                                            API's asset object (id from the stories' asset fields,
//                                            alt text the one they use most, size and type the file's)
//
// Usage: node scripts/migrate-content-layout.mjs [contentDir=content] [--space <id>=1000001]
// It refuses to overwrite a file that exists and leaves a folder already migrated as it is.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";

const args = process.argv.slice(2);
const spaceFlag = args.indexOf("--space");
const spaceId = spaceFlag === -1 ? "1000001" : args.splice(spaceFlag, 2)[1];
const dir = args[0] ?? "content";
if (!/^\d+$/.test(spaceId ?? "")) throw new Error(`--space must be a numeric space id, not ${spaceId}`);

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
function write(file, value) {
  if (existsSync(file)) throw new Error(`${file} exists already: not overwriting it`);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, json(value));
}

let moved = 0;
let snapshots = 0;
const storiesDir = join(dir, "stories");
const flat = existsSync(storiesDir) ? readdirSync(storiesDir).filter((name) => name.endsWith(".json")) : [];
for (const name of flat) {
  const file = join(storiesDir, name);
  const { published_content: published, ...story } = JSON.parse(readFileSync(file, "utf8"));
  const target = `${story.slug}_${story.uuid}.json`;
  if (published && story.published && story.unpublished_changes) {
    write(join(dir, "published", spaceId, target), { ...story, content: published, unpublished_changes: false });
    snapshots += 1;
  }
  write(join(storiesDir, spaceId, target), story);
  rmSync(file);
  moved += 1;
}

let components = 0;
const oldComponents = join(dir, "components.json");
if (existsSync(oldComponents)) {
  const parsed = JSON.parse(readFileSync(oldComponents, "utf8"));
  const list = Array.isArray(parsed) ? parsed : (parsed.components ?? []);
  const groups = Array.isArray(parsed) ? [] : (parsed.component_groups ?? []);
  const target = join(dir, "components", spaceId);
  write(join(target, "components.json"), list);
  write(join(target, "groups.json"), groups);
  write(join(target, "presets.json"), []);
  write(join(target, "tags.json"), []);
  rmSync(oldComponents);
  components = list.length;
}

// Assets: every asset field of the stories (drafts and published snapshots) names its asset's id.
const TYPES = { ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp", ".gif": "image/gif", ".avif": "image/avif", ".svg": "image/svg+xml" };
let assets = 0;
const oldAssets = join(dir, "assets", "f");
if (existsSync(oldAssets)) {
  const fields = new Map();
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      if (value.fieldtype === "asset" && typeof value.filename === "string" && value.filename) {
        const path = value.filename.replace(/^.*?\/f\//, "f/");
        fields.set(path, [...(fields.get(path) ?? []), value]);
      }
      Object.values(value).forEach(visit);
    }
  };
  for (const folder of ["stories", "published"]) {
    const spaceDir = join(dir, folder, spaceId);
    if (!existsSync(spaceDir)) continue;
    for (const name of readdirSync(spaceDir).filter((file) => file.endsWith(".json")).sort()) visit(JSON.parse(readFileSync(join(spaceDir, name), "utf8")));
  }
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else files.push(join(folder, entry.name));
    }
  };
  walk(oldAssets);
  const ids = [...fields.values()].flat().map((field) => field.id).filter((id) => Number.isInteger(id));
  let nextId = Math.max(21000000, ...ids) + 1;
  const mostUsed = (values) => {
    const counts = new Map();
    for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  };
  const committedAt = (file) => {
    try {
      return execFileSync("git", ["-C", dirname(file), "log", "-1", "--format=%cI", "--", basename(file)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
    } catch {
      return undefined;
    }
  };
  for (const file of files) {
    const path = relative(join(dir, "assets"), file).split("\\").join("/");
    const [, space] = path.split("/");
    const uses = fields.get(path) ?? [];
    const id = uses.find((field) => Number.isInteger(field.id))?.id ?? nextId++;
    const ext = extname(file);
    const short = basename(file);
    const stem = `${basename(file, ext)}_${id}`;
    const target = join(dir, "assets", space);
    const { size, mtime } = statSync(file);
    const date = new Date(committedAt(file) ?? mtime).toISOString();
    const meta = { alt: mostUsed(uses.map((field) => field.alt)), title: mostUsed(uses.map((field) => field.title)), copyright: mostUsed(uses.map((field) => field.copyright)), source: mostUsed(uses.map((field) => field.source)) };
    const sidecar = {
      id,
      filename: `https://a.storyblok.com/${path}`,
      space_id: Number(space),
      created_at: date,
      updated_at: date,
      file: null,
      asset_folder_id: null,
      deleted_at: null,
      short_filename: short,
      content_type: TYPES[ext.toLowerCase()] ?? "application/octet-stream",
      content_length: size,
      ...meta,
      expire_at: null,
      focus: mostUsed(uses.map((field) => field.focus)) || null,
      internal_tag_ids: [],
      internal_tags_list: [],
      locked: false,
      publish_at: null,
      is_private: false,
      meta_data: meta,
    };
    write(join(target, `${stem}.json`), sidecar);
    if (existsSync(join(target, `${stem}${ext}`))) throw new Error(`${join(target, `${stem}${ext}`)} exists already: not overwriting it`);
    renameSync(file, join(target, `${stem}${ext}`));
    assets += 1;
  }
  rmSync(oldAssets, { recursive: true });
}

console.log(
  moved || components || assets
    ? `${dir}: ${moved} stories moved to stories/${spaceId}/ (${snapshots} published snapshots in published/${spaceId}/), ${components} components to components/${spaceId}/, ${assets} assets to assets/<space>/`
    : `${dir}: nothing to migrate (already in the CLI v4 layout)`,
);
