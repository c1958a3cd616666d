import { useId, useMemo, useState } from "react";
import type { EditableStorySummary } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

export interface StoryTreeProps {
  readonly stories: readonly EditableStorySummary[];
  readonly openUuid: string | undefined;
  readonly onOpen: (uuid: string) => void;
}

interface TreeNode {
  readonly story: EditableStorySummary;
  readonly children: TreeNode[];
}

/** Case and accents do not matter to a search: "valencia" finds "València". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

function treeOf(stories: readonly EditableStorySummary[]): TreeNode[] {
  const nodes = new Map(stories.map((story) => [story.id, { story, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.story.parentId === null ? undefined : nodes.get(node.story.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: TreeNode[]) => {
    // Folders first, then by name; the global config story is a story like any other.
    list.sort((a, b) => Number(b.story.isFolder) - Number(a.story.isFolder) || a.story.name.localeCompare(b.story.name));
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
}

/** The stories by folder, with a search over names and paths. */
export function StoryTree({ stories, openUuid, onOpen }: StoryTreeProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const tree = useMemo(() => treeOf(stories), [stories]);
  const matches = useMemo(() => {
    const wanted = folded(query.trim());
    return wanted ? stories.filter((story) => !story.isFolder && (folded(story.name).includes(wanted) || folded(story.fullSlug).includes(wanted))) : undefined;
  }, [stories, query]);

  const storyButton = (story: EditableStorySummary, withPath: boolean) => (
    <button type="button" className={styles.treeItem} aria-current={story.uuid === openUuid ? "page" : undefined} onClick={() => onOpen(story.uuid)}>
      <span>{story.name}</span>
      {withPath ? <span className={styles.treePath}>/{story.fullSlug}</span> : null}
      {story.unpublishedChanges ? <span className={styles.badge}>{t("editor.status.draft")}</span> : !story.published ? <span className={styles.badge}>{t("editor.status.unpublished")}</span> : null}
    </button>
  );
  const branch = (nodes: readonly TreeNode[]) => (
    <ul className={styles.treeList}>
      {nodes.map(({ story, children }) => (
        <li key={story.uuid}>
          {story.isFolder ? (
            <details open={children.some((child) => child.story.uuid === openUuid) || undefined}>
              <summary className={styles.folder}>{story.name}</summary>
              {branch(children)}
            </details>
          ) : (
            storyButton(story, false)
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <nav aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t("editor.stories")}
      </h2>
      <label className={styles.label} htmlFor={`${id}-search`}>
        {t("editor.search")}
      </label>
      <input id={`${id}-search`} className={styles.control} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      {matches ? (
        matches.length > 0 ? (
          <ul className={styles.treeList} aria-label={t("editor.searchResults")}>
            {matches.map((story) => (
              <li key={story.uuid}>{storyButton(story, true)}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted} role="status">
            {t("editor.noResults")}
          </p>
        )
      ) : (
        branch(tree)
      )}
    </nav>
  );
}
