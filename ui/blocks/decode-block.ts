import { Schema } from "effect";
import { BLOCK_COMPONENTS, Block } from "../../core";

const KNOWN = new Set<string>(BLOCK_COMPONENTS);
const decode = Schema.decodeUnknownResult(Block);

/**
 * A raw CMS block (from a rich-text `blok` node, which the content mapper leaves undecoded) as
 * the core's Block: unknown components and fields that do not decode become an `unknown` block.
 */
export function decodeRawBlock(raw: unknown, index: number): Block {
  const candidate = (raw && typeof raw === "object" ? raw : {}) as { component?: unknown; _uid?: unknown; items?: unknown };
  const uid = typeof candidate._uid === "string" && candidate._uid !== "" ? candidate._uid : `blok-${index}`;
  const component = typeof candidate.component === "string" ? candidate.component : "";
  if (!KNOWN.has(component)) return { component: "unknown", _uid: uid, original: component };
  const withNested =
    component === "grid_layout" && Array.isArray(candidate.items)
      ? { ...candidate, items: candidate.items.map((item, position) => decodeRawBlock(item, position)) }
      : candidate;
  const result = decode(withNested);
  return result._tag === "Success" ? result.success : { component: "unknown", _uid: uid, original: component };
}
