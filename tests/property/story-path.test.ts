import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logicalPathOfStory, pageSlugOfPath } from "../../core/domain/content/story-path.ops";

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/);
const pageSlug = fc.oneof(
  fc.constant("home"),
  fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => `pages/${segments.join("/")}`),
);

describe("story paths", () => {
  it("pageSlugOfPath inverts logicalPathOfStory for content pages", () => {
    fc.assert(
      fc.property(pageSlug, (slug) => {
        expect(pageSlugOfPath(logicalPathOfStory(slug))).toBe(slug);
      }),
    );
  });

  it("gives every content page a path with a leading and trailing slash", () => {
    fc.assert(
      fc.property(pageSlug, (slug) => {
        const path = logicalPathOfStory(slug);
        expect(path.startsWith("/")).toBe(true);
        expect(path.endsWith("/")).toBe(true);
        expect(path).not.toContain("//");
      }),
    );
  });
});
