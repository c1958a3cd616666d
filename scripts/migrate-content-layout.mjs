#!/usr/bin/env node
// One-time migration (issue 13) of a content folder from the old layout to the Storyblok CLI v4's:
//
//   stories/{slug}_{uuid}.json            → stories/<space>/{slug}_{uuid}.json, as `stories pull` writes
//                                            them (the Management API's story: its latest version)
//   its `published_content` (local field)  → published/<space>/{slug}_{uuid}.json: the story as it was
//                                            published, kept only while it has unpublished changes
//   components.json { components,          → components/<space>/components.json (a bare array),
//     component_groups }                     groups.json, presets.json, tags.json, as `components pull`
//
// Usage: node scripts/migrate-content-layout.mjs [contentDir=content] [--space <id>=1000001]
// It refuses to overwrite a file that exists and leaves a folder already migrated as it is.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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

console.log(
  moved || components
    ? `${dir}: ${moved} stories moved to stories/${spaceId}/ (${snapshots} published snapshots in published/${spaceId}/), ${components} components to components/${spaceId}/`
    : `${dir}: nothing to migrate (already in the CLI v4 layout)`,
);
