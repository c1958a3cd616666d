import { Schema } from "effect";
import { BLOCK_COMPONENTS, Block, GridLayoutFields, PageFields, type Logger, type Page } from "../../core";

const KNOWN = new Set<string>([...BLOCK_COMPONENTS, "unknown"]);
const decodeBlock = Schema.decodeUnknownResult(Block);
const decodeGridFields = Schema.decodeUnknownResult(GridLayoutFields);
const decodePageFields = Schema.decodeUnknownResult(PageFields);

export interface MapperOptions {
  readonly logger: Logger;
  /** SPEC §8: an unregistered block is logged unless the fallback is enabled. */
  readonly fallbackForUnknownBlocks: boolean;
}

/** How many (story, version) pairs are remembered as warned about; past it, the oldest are forgotten. */
const WARNED_LIMIT = 5_000;

/**
 * Turns a CMS block tree into the core's Block union, decoding every block exactly once: a grid's
 * own fields and then each of its items, a page's own fields and then each block of its body.
 * A component this site does not know becomes an `unknown` block (rendered for visitors as nothing)
 * instead of breaking the page, wherever it is nested; so does a block whose fields do not decode,
 * which is logged with the story it came from. The unknown components of a story, also those
 * inside a block that is itself unknown or broken (a `feature` in an unknown `grid`), which are
 * never decoded, are logged as one warning per story and version (issue 55): the caller names
 * the version (`published@<cv>`), so a page rendered a thousand times warns once, and again
 * when a publish changes it.
 */
export function createContentMapper(options: MapperOptions) {
  const warned = new Set<string>();
  /** The unknown components met by the call in progress (mapping is synchronous). */
  let unknown: string[] = [];

  function noteUnknown(component: string, nestedIn?: string): void {
    if (!options.fallbackForUnknownBlocks) unknown.push(nestedIn === undefined ? component : `${component} (in ${nestedIn})`);
  }

  /** Runs one mapping and warns once per story and version about the unknown components it met. */
  function reporting<T>(storySlug: string, version: string, map: () => T): T {
    unknown = [];
    try {
      return map();
    } finally {
      const components = unknown;
      unknown = [];
      const key = `${storySlug}\u0000${version}\u0000${components.join(",")}`;
      if (components.length > 0 && !warned.has(key)) {
        if (warned.size >= WARNED_LIMIT) warned.delete(warned.values().next().value as string);
        warned.add(key);
        options.logger.warn("content.unknown-block", { story: storySlug, version, components });
      }
    }
  }

  function block(raw: unknown, storySlug: string, index = 0): Block {
    const candidate = (raw && typeof raw === "object" ? raw : {}) as { component?: unknown; _uid?: unknown; items?: unknown };
    const uid = typeof candidate._uid === "string" && candidate._uid !== "" ? candidate._uid : `blok-${index}`;
    const component = typeof candidate.component === "string" ? candidate.component : "";
    if (!KNOWN.has(component)) {
      noteUnknown(component);
      noteNestedUnknown(raw, component);
      return { component: "unknown", _uid: uid, original: component };
    }
    if (component === "grid_layout") {
      const fields = decodeGridFields(raw);
      if (fields._tag === "Success") return { ...fields.success, items: blocks(candidate.items, storySlug) };
      return invalid(component, uid, storySlug, fields.failure, raw);
    }
    const result = decodeBlock(withDecodedBloks(raw, storySlug));
    return result._tag === "Success" ? result.success : invalid(component, uid, storySlug, result.failure, raw);
  }

  function invalid(component: string, uid: string, storySlug: string, failure: unknown, raw?: unknown): Block {
    options.logger.error("content.invalid-block", { component, story: storySlug, issue: String(failure) });
    noteNestedUnknown(raw, component);
    return { component: "unknown", _uid: uid, original: component };
  }

  /** Notes the unknown components inside a block that is not rendered, at any depth. */
  function noteNestedUnknown(raw: unknown, parent: string): void {
    if (options.fallbackForUnknownBlocks || !raw || typeof raw !== "object") return;
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      else if (value && typeof value === "object") {
        const node = value as { component?: unknown; _uid?: unknown };
        if (typeof node.component === "string" && typeof node._uid === "string" && !KNOWN.has(node.component)) {
          noteUnknown(node.component, parent);
        }
        for (const inner of Object.values(value)) visit(inner);
      }
    };
    for (const inner of Object.values(raw)) visit(inner);
  }

  function blocks(raw: unknown, storySlug: string): Block[] {
    return Array.isArray(raw) ? raw.map((item, index) => block(item, storySlug, index)) : [];
  }

  /**
   * Blocks embedded in rich text (`blok` nodes) are decoded here too, on the server, so the
   * browser renders decoded blocks and never needs the schemas.
   */
  function withDecodedBloks<T>(value: T, storySlug: string): T {
    if (Array.isArray(value)) return value.map((item) => withDecodedBloks(item, storySlug)) as T;
    if (!value || typeof value !== "object") return value;
    const node = value as { type?: unknown; attrs?: { body?: unknown } };
    if (node.type === "blok" && node.attrs && Array.isArray(node.attrs.body)) {
      return { ...node, attrs: { ...node.attrs, body: blocks(node.attrs.body, storySlug) } } as T;
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withDecodedBloks(inner, storySlug)])) as T;
  }

  function mapPage(content: unknown, storySlug: string): Page | null {
    const fields = decodePageFields(content);
    if (fields._tag === "Failure") {
      options.logger.error("content.invalid-page", { story: storySlug, issue: String(fields.failure) });
      return null;
    }
    return { ...fields.success, body: blocks((content as { body?: unknown }).body, storySlug) };
  }

  return {
    block: (raw: unknown, storySlug: string, version = "") => reporting(storySlug, version, () => block(raw, storySlug)),
    blocks: (raw: unknown, storySlug: string, version = "") => reporting(storySlug, version, () => blocks(raw, storySlug)),
    page: (content: unknown, storySlug: string, version = "") => reporting(storySlug, version, () => mapPage(content, storySlug)),
    withDecodedBloks: <T>(value: T, storySlug: string, version = "") => reporting(storySlug, version, () => withDecodedBloks(value, storySlug)),
  };
}

export type ContentMapper = ReturnType<typeof createContentMapper>;
