import { useId, useMemo, useState } from "react";
import { searchStories, storyTree, type EditableStorySummary, type StoryTreeNode } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

export interface StoryTreeProps {
  readonly stories: readonly EditableStorySummary[];
  readonly openUuid: string | undefined;
  readonly onOpen: (uuid: string) => void;
}

/** The stories by folder, with a search over names and paths. */
export function StoryTree({ stories, openUuid, onOpen }: StoryTreeProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const tree = useMemo(() => storyTree(stories), [stories]);
  const matches = useMemo(() => searchStories(stories, query), [stories, query]);

  const storyButton = (story: EditableStorySummary, withPath: boolean) => (
    <button type="button" className={styles.treeItem} aria-current={story.uuid === openUuid ? "page" : undefined} onClick={() => onOpen(story.uuid)}>
      <span>{story.name}</span>
      {withPath ? <span className={styles.treePath}>/{story.fullSlug}</span> : null}
      {story.unpublishedChanges ? <span className={styles.badge}>{t("editor.status.draft")}</span> : !story.published ? <span className={styles.badge}>{t("editor.status.unpublished")}</span> : null}
    </button>
  );
  const branch = (nodes: readonly StoryTreeNode[]) => (
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
