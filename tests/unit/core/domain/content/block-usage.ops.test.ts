import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS, blockComponentsIn, type BlockComponent } from "../../../../../core";

const block = (component: string, extra: Record<string, unknown> = {}) => ({ _uid: `uid-${component}`, component, ...extra });

describe("blockComponentsIn", () => {
  it("finds blocks at any depth: nested, inside rich text, inside listing data", () => {
    const data = {
      page: {
        component: "page",
        _uid: "page-1",
        body: [
          block("grid_layout", { columns: [block("text_component"), block("link_component")] }),
          block("content_renderer", { content: { type: "doc", content: [{ type: "blok", attrs: { body: [block("faqs")] } }] } }),
        ],
      },
      blockData: { "uid-events": { kind: "events", events: { items: [] } } },
    };
    expect([...blockComponentsIn(data)].sort()).toEqual(["content_renderer", "faqs", "grid_layout", "link_component", "text_component"]);
  });

  it("counts unknown blocks and ignores components that are not blocks (the story's own, assets)", () => {
    expect([...blockComponentsIn([block("unknown"), block("page"), { component: "faqs" }, { _uid: "x", component: 3 }])]).toEqual(["unknown"]);
  });

  it("returns nothing for values without blocks, and survives shared and repeated objects", () => {
    expect(blockComponentsIn(undefined).size).toBe(0);
    expect(blockComponentsIn("text").size).toBe(0);
    const shared = block("iframe");
    expect([...blockComponentsIn({ a: shared, b: [shared, shared] })]).toEqual(["iframe"]);
  });

  it("finds exactly the blocks placed anywhere in a tree", () => {
    const name = fc.constantFrom<BlockComponent>(...BLOCK_COMPONENTS, "unknown");
    const tree: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.string(),
        fc.integer(),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom("body", "columns", "attrs", "title"), tie("node"), { maxKeys: 3 }),
        fc.tuple(name, fc.array(tie("node"), { maxLength: 3 })).map(([component, body]) => ({ _uid: `u-${component}`, component, body })),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (value) => {
        const expected = new Set<string>();
        const collect = (node: unknown): void => {
          if (Array.isArray(node)) node.forEach(collect);
          else if (node && typeof node === "object") {
            const record = node as Record<string, unknown>;
            if (typeof record._uid === "string" && typeof record.component === "string") expected.add(record.component);
            Object.values(record).forEach(collect);
          }
        };
        collect(value);
        expect([...blockComponentsIn(value)].sort()).toEqual([...expected].sort());
      }),
    );
  });
});
