import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";
import { useStoryForm } from "./story-form-context";

type LinkType = "story" | "url" | "email";

interface MultiLink {
  readonly linktype?: string;
  readonly uuid?: string;
  readonly url?: string;
  readonly email?: string;
  readonly cached_url?: string;
}

const EMPTY = { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "" } as const;

/** A multilink as Storyblok stores it: to a story (by uuid, with its path cached), to a URL, or to an e-mail address. */
export function LinkField({ id, value, onChange }: { readonly id: string; readonly value: unknown; readonly onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const { stories } = useStoryForm();
  const link = (typeof value === "object" && value !== null ? value : EMPTY) as MultiLink;
  const type: LinkType = link.linktype === "url" || link.linktype === "email" ? link.linktype : "story";
  const setType = (next: LinkType) => onChange(Object.assign({}, EMPTY, { linktype: next }));
  return (
    <div className={styles.inline}>
      <select aria-label={t("editor.link.type")} className={styles.control} value={type} onChange={(event) => setType(event.target.value as LinkType)}>
        <option value="story">{t("editor.link.story")}</option>
        <option value="url">{t("editor.link.url")}</option>
        <option value="email">{t("editor.link.email")}</option>
      </select>
      {type === "story" ? (
        <select
          id={id}
          className={styles.control}
          value={link.uuid ?? ""}
          onChange={(event) => {
            const story = stories.find((candidate) => candidate.uuid === event.target.value);
            onChange(story ? Object.assign({}, EMPTY, { id: story.uuid, uuid: story.uuid, cached_url: story.fullSlug }) : EMPTY);
          }}
        >
          <option value="">{t("editor.option.none")}</option>
          {stories
            .filter((story) => !story.isFolder)
            .map((story) => (
              <option key={story.uuid} value={story.uuid}>
                {story.name} (/{story.fullSlug})
              </option>
            ))}
        </select>
      ) : type === "url" ? (
        <input id={id} className={styles.control} type="url" inputMode="url" placeholder="https://" value={link.url ?? ""} onChange={(event) => onChange(Object.assign({}, EMPTY, { linktype: "url" as const, url: event.target.value, cached_url: event.target.value }))} />
      ) : (
        <input id={id} className={styles.control} type="email" value={link.email ?? ""} onChange={(event) => onChange(Object.assign({}, EMPTY, { linktype: "email" as const, email: event.target.value }))} />
      )}
    </div>
  );
}
