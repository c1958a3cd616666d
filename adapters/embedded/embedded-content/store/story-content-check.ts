import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema, SchemaIssue } from "effect";
import { localizeContent, BLOCK_COMPONENTS, type ComponentDefinition, Block, EventContent, GlobalConfig, JobOfferContent, Page, PageFields, RestaurantContent, SponsorContent } from "../../../../core";

/** The content types this site renders, each with the core's schema a story of it decodes with. */
export const CONTENT_TYPES = {
  page: Page,
  event: EventContent,
  restaurant: RestaurantContent,
  job_offer: JobOfferContent,
  sponsor: SponsorContent,
  global_config: GlobalConfig,
} as const;
/** Components that are items of a block or an event (cards of featured_cards…, ticket types), never blocks of their own. */
export const NESTED_COMPONENTS = ["card", "hero_slide", "faq_item", "hospitality_product", "nav_item", "ticket_type"];
const RESERVED = new Set(["_uid", "component", "_editable"]);
const RENDERED = new Set<string>([...BLOCK_COMPONENTS, ...NESTED_COMPONENTS, ...Object.keys(CONTENT_TYPES)]);

/** One reason a story's content would not render as stored: where in it (path, language), and why. */
export interface ContentProblem {
  readonly where?: string;
  readonly message: string;
  /**
   * A block the site does not render (a component not declared, or with no block on this site):
   * `content:check` reports it, but the editor saves the story, as Storyblok's editor keeps a block
   * whose component is missing (issue 55): visitors see the rest of the page.
   */
  readonly notRendered?: true;
}

/**
 * The components of `components/<space>/`, read as the CLI's loader reads them: every JSON file
 * of the folder, an item with a `schema` being a component (groups, presets and tags are not).
 */
export function readComponents(dir: string, spaceId: number): { components: ComponentDefinition[]; problems: string[] } {
  const folder = join(dir, "components", String(spaceId));
  const problems: string[] = [];
  const components: ComponentDefinition[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return { components, problems: [`${folder} is missing: pull the space's components into it (storyblok components pull)`] };
  }
  for (const name of names) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(folder, name), "utf8"));
    } catch (cause) {
      problems.push(`${join(folder, name)} is not valid JSON: ${(cause as Error).message}`);
      continue;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      if (item && typeof item === "object" && "schema" in item && "name" in item) components.push(item as ComponentDefinition);
    }
  }
  return { components, problems };
}

/**
 * Why one version of a story's content would not render as the site reads it: a component not
 * declared in `components/<space>/`, or with no block on this site; a field not in its
 * component's schema; and whatever the core's schemas refuse, in the default language and each
 * of `languages`. Empty when it renders. `npm run content:check` and the editor ask the same.
 */
export function storyContentProblems(
  raw: unknown,
  options: { readonly components: ReadonlyMap<string, ComponentDefinition>; readonly languages: readonly string[]; readonly spaceId: number | undefined },
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { block, path } of blocksIn(raw, "content")) {
    const definition = options.components.get(block.component as string);
    if (!definition) {
      problems.push({ where: path, message: `component "${String(block.component)}" is not declared in components/${options.spaceId ?? "<space>"}/`, notRendered: true });
      continue;
    }
    if (!RENDERED.has(definition.name)) {
      problems.push({ where: path, message: `component "${definition.name}" has no block on this site: visitors see nothing of it, editors a placeholder`, notRendered: true });
      continue;
    }
    for (const key of Object.keys(block)) {
      const field = key.replace(/__i18n__[a-z_-]+$/i, "");
      if (!RESERVED.has(field) && !(field in definition.schema)) problems.push({ where: path, message: `field "${key}" is not in ${definition.name}'s schema` });
    }
  }
  // A page is decoded as the site decodes it: its own fields, then each block (below), so that
  // a block without a component is reported once, above, and not as a broken page.
  const component = (raw as { component?: unknown } | undefined)?.component;
  const schema = (component === "page" ? PageFields : CONTENT_TYPES[component as keyof typeof CONTENT_TYPES]) as Schema.Codec<unknown, unknown> | undefined;
  if (!schema) return [...problems, { message: `"${String(component)}" is not a content type this site renders (${Object.keys(CONTENT_TYPES).join(", ")})` }];
  for (const language of ["default", ...options.languages]) {
    const localized = localizeContent(raw as Record<string, unknown>, language);
    problems.push(...issues(schema, localized).map((message) => ({ where: language, message })));
    for (const { block, path } of blocksIn(localized, "content")) {
      if ((BLOCK_COMPONENTS as readonly string[]).includes(block.component as string)) {
        problems.push(...issues(Block, block).map((message) => ({ where: `${language}, ${path}`, message })));
      }
    }
  }
  return problems;
}

/**
 * What keeps the editor from saving a story, one line each: every problem but the blocks the site
 * does not render, which Storyblok's editor keeps (a pulled space's `teaser`) and so does this one.
 */
export function problemsBlockingSave(raw: unknown, options: Parameters<typeof storyContentProblems>[1]): string[] {
  return storyContentProblems(raw, options)
    .filter((problem) => !problem.notRendered)
    .map((problem) => (problem.where ? `${problem.where}: ${problem.message}` : problem.message));
}

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
