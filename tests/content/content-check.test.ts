import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS, fieldProblems, type BlockContent } from "../../core";
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

  it("passes the editor's field checks, so that an editor can save any story as it is", () => {
    const refused = store.entries.flatMap((story) => {
      const content = story.is_folder ? undefined : (store.contentOf(story, "draft") as BlockContent | undefined);
      return content ? fieldProblems(content, components, "es").map((problem) => `${story.full_slug}: ${problem.label} (${problem.problem.kind})`) : [];
    });
    expect(store.entries.some((story) => (store.contentOf(story, "draft") as BlockContent | undefined)?.component === "event")).toBe(true);
    expect(refused).toEqual([]);
  });
});
