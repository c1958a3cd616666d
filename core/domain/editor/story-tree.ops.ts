import type { EditableStorySummary } from "../../ports/story-editing.port";

/** A story of the editor's tree with the stories of its folder. */
export interface StoryTreeNode {
  readonly story: EditableStorySummary;
  readonly children: readonly StoryTreeNode[];
}

/** Case and accents do not matter to a search: "valencia" finds "València". */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/**
 * The stories as their folders nest them, folders first and then by name at every level. A
 * story whose folder is not in the list, or whose folders lead back to itself, stays at the top
 * rather than being lost.
 */
export function storyTree(stories: readonly EditableStorySummary[]): StoryTreeNode[] {
  const nodes = new Map(stories.map((story) => [story.id, { story, children: [] as StoryTreeNode[] }]));
  const parentOf = (id: number) => {
    const parentId = nodes.get(id)?.story.parentId;
    return parentId === null || parentId === undefined ? undefined : nodes.get(parentId)?.story.id;
  };
  const inACycle = (id: number) => {
    const seen = new Set<number>();
    for (let at = parentOf(id); at !== undefined; at = parentOf(at)) {
      if (at === id) return true;
      if (seen.has(at)) return false;
      seen.add(at);
    }
    return false;
  };
  const roots: { story: EditableStorySummary; children: StoryTreeNode[] }[] = [];
  for (const node of nodes.values()) {
    const parentId = parentOf(node.story.id);
    (parentId === undefined || inACycle(node.story.id) ? roots : nodes.get(parentId)!.children).push(node);
  }
  const order = (list: StoryTreeNode[]) => {
    list.sort((a, b) => Number(b.story.isFolder) - Number(a.story.isFolder) || a.story.name.localeCompare(b.story.name));
    for (const node of list) order(node.children as StoryTreeNode[]);
  };
  order(roots);
  return roots;
}

/** The stories (not folders) whose name or path holds the query, case and accents aside; undefined for an empty query. */
export function searchStories(stories: readonly EditableStorySummary[], query: string): EditableStorySummary[] | undefined {
  const wanted = folded(query.trim());
  if (!wanted) return undefined;
  return stories.filter((story) => !story.isFolder && (folded(story.name).includes(wanted) || folded(story.fullSlug).includes(wanted)));
}
