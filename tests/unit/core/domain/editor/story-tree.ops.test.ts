import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchStories, storyTree, type EditableStorySummary, type StoryTreeNode } from "../../../../../core";

const story = (id: number, name: string, fullSlug: string, parentId: number | null, isFolder = false): EditableStorySummary => ({
  uuid: `u${id}`,
  id,
  name,
  fullSlug,
  parentId,
  isFolder,
  component: isFolder ? null : "page",
  published: true,
  unpublishedChanges: false,
  version: "",
});

const stories = [
  story(1, "Inicio", "home", null),
  story(2, "Eventos", "events", null, true),
  story(3, "Lúa Serrano", "events/lua-serrano", 2),
  story(4, "Bàsquet València", "events/basquet", 2),
  story(5, "Páginas", "pages", null, true),
  story(6, "Aviso legal", "pages/legal-notice", 5),
  story(7, "Huérfana", "orphans/x", 99),
];

const flatten = (nodes: readonly StoryTreeNode[]): string[] => nodes.flatMap((node) => [node.story.name, ...flatten(node.children)]);

describe("the editor's story tree", () => {
  it("nests stories in their folders, folders first and by name, and keeps a story whose folder is missing", () => {
    const tree = storyTree(stories);
    expect(tree.map((node) => node.story.name)).toEqual(["Eventos", "Páginas", "Huérfana", "Inicio"]);
    expect(tree[0]!.children.map((node) => node.story.name)).toEqual(["Bàsquet València", "Lúa Serrano"]);
  });

  it("finds stories by name or path, whatever their case and accents, and never a folder", () => {
    expect(searchStories(stories, "valencia")?.map((found) => found.id)).toEqual([4]);
    expect(searchStories(stories, "LUA")?.map((found) => found.id)).toEqual([3]);
    expect(searchStories(stories, "legal-notice")?.map((found) => found.id)).toEqual([6]);
    expect(searchStories(stories, "eventos")).toEqual([]);
    expect(searchStories(stories, "  ")).toBeUndefined();
  });

  it("shows every story exactly once, however the folders are given", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(12)), { maxLength: 12 }), (shape) => {
        const given = shape.map(([isFolder, parent], index) => story(index + 1, `s${index}`, `s${index}`, parent === 0 ? null : parent, isFolder));
        expect(flatten(storyTree(given)).sort()).toEqual(given.map((each) => each.name).sort());
      }),
    );
  });
});
