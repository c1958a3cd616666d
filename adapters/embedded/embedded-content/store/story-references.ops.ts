import type { CdnStory } from "./story-delivery.ops";

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A story uuid: text, or a number as the CLI's import examples write them before a push. */
function isReference(value: unknown): value is string | number {
  return (typeof value === "string" && value !== "") || (typeof value === "number" && Number.isInteger(value));
}

function walk(value: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (isObject(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
}

/**
 * The story uuids that `resolve_relations` names: fields given as "component.field" (or
 * "*.field") in any block of the stories' content, holding one uuid or a list of them.
 */
export function relationUuids(stories: readonly CdnStory[], relations: readonly string[]): string[] {
  const wanted = new Set(relations);
  const found = new Set<string>();
  for (const story of stories) {
    walk(story.content, (node) => {
      if (typeof node.component !== "string") return;
      for (const [field, value] of Object.entries(node)) {
        if (!wanted.has(`${node.component}.${field}`) && !wanted.has(`*.${field}`)) continue;
        for (const uuid of Array.isArray(value) ? value : [value]) if (isReference(uuid)) found.add(String(uuid));
      }
    });
  }
  return [...found];
}

/** The stories that link fields and rich-text links point at (`resolve_links`). */
export function linkedStoryUuids(stories: readonly CdnStory[]): string[] {
  const found = new Set<string>();
  for (const story of stories) {
    walk(story.content, (node) => {
      if (node.fieldtype === "multilink" && node.linktype === "story" && isReference(node.id)) found.add(String(node.id));
      if (node.type === "link" && isObject(node.attrs) && node.attrs.linktype === "story" && isReference(node.attrs.uuid)) found.add(String(node.attrs.uuid));
    });
  }
  return [...found];
}
