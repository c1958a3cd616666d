import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS } from "../../core";
import { CONTENT_TYPES, NESTED_COMPONENTS, checkContent } from "./check-content";

// `npm run content:check`: the embedded site's content/ (or CONTENT_DIR) in the Storyblok CLI v4
// layout; see check-content.ts for what is checked.
const CONTENT_DIR = process.env.CONTENT_DIR ?? join(import.meta.dirname, "../../content");

describe("the embedded site's content", () => {
  const { store, components, problems } = checkContent(CONTENT_DIR, process.env.CONTENT_SPACE_ID ? { spaceId: Number(process.env.CONTENT_SPACE_ID) } : {});

  it("has stories", () => {
    expect(store.entries.length).toBeGreaterThan(20);
  });

  it("declares every block and content type the site renders, and nothing else", () => {
    const declared = components.map((component) => component.name).sort();
    const expected = [...BLOCK_COMPONENTS, ...Object.keys(CONTENT_TYPES), ...NESTED_COMPONENTS].sort();
    expect(declared).toEqual(expected);
  });

  it("loads every story, uses only declared components and fields, and decodes in es, en and val", () => {
    expect(problems).toEqual([]);
  });
});
