import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema, SchemaIssue } from "effect";
import { describe, expect, it } from "vitest";
import { localizeContent } from "../../adapters/local/embedded-content/store/field-translations.ops";
import { readStoryFiles } from "../../adapters/local/embedded-content/store/content-store.adapter";
import {
  BLOCK_COMPONENTS,
  Block,
  EventContent,
  GlobalConfig,
  JobOfferContent,
  Page,
  RestaurantContent,
  SponsorContent,
} from "../../core";

// `npm run content:check`: every story of the embedded site decodes with the core's schemas, in
// every language, and uses only components and fields that content/components.json declares.
const CONTENT_DIR = process.env.CONTENT_DIR ?? join(import.meta.dirname, "../../content");

interface ComponentDefinition {
  readonly name: string;
  readonly schema: Readonly<Record<string, { readonly type: string }>>;
  readonly is_root?: boolean;
  readonly is_nestable?: boolean;
}

const components = (JSON.parse(readFileSync(join(CONTENT_DIR, "components.json"), "utf8")) as { components: ComponentDefinition[] }).components;
const byName = new Map(components.map((component) => [component.name, component]));
const stories = readStoryFiles(CONTENT_DIR).map(({ file, json }) => ({ file, story: json as Record<string, unknown> }));

const CONTENT_TYPES = {
  page: Page,
  event: EventContent,
  restaurant: RestaurantContent,
  job_offer: JobOfferContent,
  sponsor: SponsorContent,
  global_config: GlobalConfig,
} as const;
const NESTED = ["card", "hero_slide", "faq_item", "hospitality_product", "nav_item"];
const RESERVED = new Set(["_uid", "component", "_editable"]);

function* blocksIn(value: unknown, path: string): Generator<{ block: Record<string, unknown>; path: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* blocksIn(item, `${path}[${index}]`);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.component === "string" && typeof record._uid === "string") yield { block: record, path };
    for (const [key, inner] of Object.entries(record)) {
      // Rich-text documents hold blocks in `blok` nodes, under attrs.body.
      if (key !== "component") yield* blocksIn(inner, `${path}.${key}`);
    }
  }
}

function issues(schema: Schema.Codec<unknown, unknown>, value: unknown): string[] {
  const result = Schema.decodeUnknownResult(schema)(value, { errors: "all" });
  if (result._tag === "Success") return [];
  return SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) => `${issue.path?.join(".")}: ${issue.message}`);
}

describe("the embedded site's content", () => {
  it("declares every block and content type the site renders, and nothing else", () => {
    const declared = components.map((component) => component.name).sort();
    const expected = [...BLOCK_COMPONENTS, ...Object.keys(CONTENT_TYPES), ...NESTED].sort();
    expect(declared).toEqual(expected);
  });

  it("has stories", () => {
    expect(stories.length).toBeGreaterThan(20);
  });

  it("uses only declared components and fields", () => {
    const problems: string[] = [];
    for (const { file, story } of stories) {
      for (const version of ["content", "published_content"]) {
        for (const { block, path } of blocksIn(story[version], version)) {
          const definition = byName.get(block.component as string);
          if (!definition) {
            problems.push(`${file} ${path}: unknown component "${String(block.component)}"`);
            continue;
          }
          for (const key of Object.keys(block)) {
            const field = key.replace(/__i18n__[a-z]+$/, "");
            if (!RESERVED.has(field) && !(field in definition.schema)) problems.push(`${file} ${path}: field "${key}" is not in ${definition.name}'s schema`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("decodes with the core's schemas in es, en and val", () => {
    const problems: string[] = [];
    for (const { file, story } of stories) {
      if (story.is_folder) continue;
      for (const version of ["content", "published_content"]) {
        const raw = story[version] as { component?: string } | undefined;
        if (!raw) continue;
        const schema = CONTENT_TYPES[raw.component as keyof typeof CONTENT_TYPES] as Schema.Codec<unknown, unknown> | undefined;
        if (!schema) {
          problems.push(`${file}: "${raw.component}" is not a content type`);
          continue;
        }
        for (const language of ["default", "en", "val"]) {
          const localized = localizeContent(raw, language);
          problems.push(...issues(schema, localized).map((issue) => `${file} (${language}, ${version}) ${issue}`));
          for (const { block, path } of blocksIn(localized, "content")) {
            if ((BLOCK_COMPONENTS as readonly string[]).includes(block.component as string)) {
              problems.push(...issues(Block, block).map((issue) => `${file} (${language}) ${path} ${issue}`));
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
