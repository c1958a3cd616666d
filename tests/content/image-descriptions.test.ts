import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isBlock, type BlockContent, type ComponentDefinition } from "../../core";
import { loadContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { readComponents } from "./check-content";

// The embedded site's own content (not CONTENT_DIR: `npm run content:check` of another space does
// not ask this of it). A picture's alt text is what a screen reader says on the page: on an English
// page it has to be English (WCAG 3.1.2). Storyblok translates an image by its field
// (`image__i18n__en`, the same picture with its own alt text), so every image field is translatable
// and translated, save a sponsor's logo, whose alt text is the sponsor's name in every language.
const CONTENT_DIR = join(import.meta.dirname, "../../content");
const TRANSLATIONS = ["en", "val"] as const;
const ONE_DESCRIPTION_FOR_EVERY_LANGUAGE = ["sponsor.logo"];

interface PictureValue {
  readonly filename?: unknown;
  readonly alt?: unknown;
}

const picturesOf = (value: unknown): PictureValue[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is PictureValue => typeof item === "object" && item !== null && typeof (item as PictureValue).filename === "string" && (item as PictureValue).filename !== "");

/** Every block of a story's content, nested ones (in `bloks` and rich text) too. */
function* blocksIn(value: unknown): Generator<BlockContent> {
  if (Array.isArray(value)) for (const item of value) yield* blocksIn(item);
  else if (typeof value === "object" && value !== null) {
    if (isBlock(value)) yield value;
    for (const field of Object.values(value)) yield* blocksIn(field);
  }
}

describe("the embedded site's pictures", () => {
  // The stories and the schema only: content-check.test.ts decodes and checks the rest.
  const store = loadContentStore(CONTENT_DIR);
  const { components } = readComponents(CONTENT_DIR, store.spaceId ?? 0);
  const byName = new Map<string, ComponentDefinition>(components.map((component) => [component.name, component]));
  const imageFields = components.flatMap((component) =>
    Object.entries(component.schema)
      .filter(([, field]) => field.type === "asset" || field.type === "multiasset")
      .map(([key, field]) => ({ name: `${component.name}.${key}`, translatable: field.translatable === true })),
  );

  it("can be described in each language: every image field is translatable, save a sponsor's logo", () => {
    expect(imageFields.length).toBeGreaterThan(5);
    expect(imageFields.filter((field) => !field.translatable).map((field) => field.name)).toEqual(ONE_DESCRIPTION_FOR_EVERY_LANGUAGE);
  });

  it("are described in English and in Valencian: the same pictures, each with its own alt text", () => {
    const missing: string[] = [];
    let described = 0;
    for (const story of store.entries) {
      if (story.is_folder) continue;
      for (const version of ["draft", "published"] as const) {
        for (const block of blocksIn(store.contentOf(story, version))) {
          const schema = byName.get(String(block.component))?.schema ?? {};
          for (const [key, field] of Object.entries(schema)) {
            if ((field.type !== "asset" && field.type !== "multiasset") || field.translatable !== true) continue;
            const pictures = picturesOf(block[key]);
            if (!pictures.some((picture) => typeof picture.alt === "string" && picture.alt !== "")) continue;
            described += 1;
            for (const language of TRANSLATIONS) {
              const translated = picturesOf(block[`${key}__i18n__${language}`]);
              const where = `${story.full_slug} (${version}), ${String(block.component)}.${key} in ${language}`;
              if (translated.map((picture) => picture.filename).join() !== pictures.map((picture) => picture.filename).join()) missing.push(`${where}: not the same pictures`);
              else
                translated.forEach((picture, index) => {
                  if (typeof picture.alt !== "string" || picture.alt.trim() === "" || picture.alt === pictures[index]!.alt) missing.push(`${where}: "${String(pictures[index]!.alt)}" is not translated`);
                });
            }
          }
        }
      }
    }
    expect(described).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
