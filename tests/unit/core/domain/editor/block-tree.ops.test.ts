import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  copyWithNewUids,
  duplicateBlock,
  insertBlock,
  isBlock,
  isUntranslated,
  locateBlock,
  moveBlock,
  removeBlock,
  setBlockField,
  translatedFieldKey,
  type BlockContent,
} from "../../../../../core";

/** Every `_uid` in the content, its own first, in document order. */
function blockUids(content: BlockContent): string[] {
  const uids: string[] = typeof content._uid === "string" ? [content._uid] : [];
  for (const value of Object.values(content)) if (Array.isArray(value)) for (const item of value) if (isBlock(item)) uids.push(...blockUids(item));
  return uids;
}

/** The block with this `_uid`, wherever it is nested. */
function findBlock(content: BlockContent, uid: string): BlockContent | undefined {
  if (content._uid === uid) return content;
  const place = locateBlock(content, uid);
  return place && (place.parent[place.field] as BlockContent[])[place.index];
}

const page: BlockContent = {
  _uid: "root",
  component: "page",
  title: "Hola",
  title__i18n__en: "Hello",
  body: [
    { _uid: "a", component: "text_component", title: "A" },
    { _uid: "grid", component: "grid_layout", items: [{ _uid: "g1", component: "link_component" }, { _uid: "g2", component: "contact" }] },
    { _uid: "b", component: "faqs", items: [{ _uid: "q1", component: "faq_item", question: "¿Qué?" }] },
  ],
};

function counter(prefix = "new") {
  let next = 0;
  return () => `${prefix}-${(next += 1)}`;
}

describe("translated fields", () => {
  it("keeps Spanish (the space's default) in the field itself and the others under __i18n__", () => {
    expect(translatedFieldKey("title", "es")).toBe("title");
    expect(translatedFieldKey("title", "val")).toBe("title__i18n__val");
  });

  it("marks a field untranslated when the default language has text and the language has none", () => {
    expect(isUntranslated(page, "title", "en")).toBe(false);
    expect(isUntranslated(page, "title", "val")).toBe(true);
    expect(isUntranslated(page, "title", "es")).toBe(false);
    // Nothing to translate: not marked.
    expect(isUntranslated({ _uid: "x", title: "" }, "title", "val")).toBe(false);
  });
});

describe("editing the block tree", () => {
  it("sets a nested block's field and keeps every other block as it was (same objects)", () => {
    const next = setBlockField(page, "g2", "title", "Contacto");
    expect(findBlock(next, "g2")).toMatchObject({ title: "Contacto" });
    const body = next.body as BlockContent[];
    const oldBody = page.body as BlockContent[];
    expect(body[0]).toBe(oldBody[0]);
    expect(body[2]).toBe(oldBody[2]);
    expect(findBlock(page, "g2")).not.toHaveProperty("title");
  });

  it("removes a field when set to undefined, and changes nothing for an unknown uid", () => {
    expect(setBlockField(page, "root", "title__i18n__en", undefined)).not.toHaveProperty("title__i18n__en");
    expect(setBlockField(page, "nope", "title", "x")).toBe(page);
  });

  it("inserts, removes and moves blocks within their field", () => {
    const added = insertBlock(page, "root", "body", 1, { _uid: "c", component: "contact" });
    expect((added.body as BlockContent[]).map((block) => block._uid)).toEqual(["a", "c", "grid", "b"]);
    expect((insertBlock(page, "grid", "items", 99, { _uid: "g3", component: "contact" }).body as BlockContent[])[1]!.items).toHaveLength(3);
    expect(blockUids(removeBlock(page, "grid"))).toEqual(["root", "a", "b", "q1"]);
    expect((moveBlock(page, "b", -1).body as BlockContent[]).map((block) => block._uid)).toEqual(["a", "b", "grid"]);
    expect(moveBlock(page, "a", -1)).toEqual(page);
    expect(((moveBlock(page, "g1", 1).body as BlockContent[])[1]!.items as BlockContent[]).map((block) => block._uid)).toEqual(["g2", "g1"]);
  });

  it("duplicates a block right after it, with new uids inside it too", () => {
    const { content, copyUid } = duplicateBlock(page, "grid", counter());
    expect(copyUid).toBe("new-3");
    expect(blockUids(content)).toEqual(["root", "a", "grid", "g1", "g2", "new-3", "new-1", "new-2", "b", "q1"]);
    expect(locateBlock(content, "new-3")).toMatchObject({ field: "body", index: 2 });
  });
});

// Random block trees: uids unique, some blocks nested in `items`.
const tree: fc.Arbitrary<BlockContent> = fc
  .array(fc.array(fc.constantFrom("x", "y"), { maxLength: 3 }), { maxLength: 6 })
  .map((shape) => ({
    _uid: "root",
    component: "page",
    body: shape.map((children, index) => ({ _uid: `b${index}`, component: "grid_layout", items: children.map((_, child) => ({ _uid: `b${index}-${child}`, component: "contact" })) })),
  }));

describe("block tree properties", () => {
  it("moving any block keeps the same set of blocks, and moving it back restores the tree", () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.constantFrom(-1 as const, 1 as const), (content, pick, offset) => {
        const uids = blockUids(content).slice(1);
        fc.pre(uids.length > 0);
        const uid = uids[pick % uids.length]!;
        const moved = moveBlock(content, uid, offset);
        expect([...blockUids(moved)].sort()).toEqual([...blockUids(content)].sort());
        if (moved !== content && JSON.stringify(moved) !== JSON.stringify(content)) expect(moveBlock(moved, uid, offset === 1 ? -1 : 1)).toEqual(content);
      }),
    );
  });

  it("a duplicate never repeats a uid, and removing the copy gives the tree back", () => {
    fc.assert(
      fc.property(tree, fc.nat(), (content, pick) => {
        const uids = blockUids(content).slice(1);
        fc.pre(uids.length > 0);
        const { content: duplicated, copyUid } = duplicateBlock(content, uids[pick % uids.length]!, counter("copy"));
        const all = blockUids(duplicated);
        expect(new Set(all).size).toBe(all.length);
        expect(removeBlock(duplicated, copyUid!)).toEqual(content);
      }),
    );
  });

  it("a copy with new uids differs from its original in uids only", () => {
    fc.assert(
      fc.property(tree, (content) => {
        const copy = copyWithNewUids(content, counter());
        const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === "_uid" ? undefined : inner)));
        expect(strip(copy)).toEqual(strip(content));
        expect(blockUids(copy).some((uid) => blockUids(content).includes(uid))).toBe(false);
      }),
    );
  });
});
