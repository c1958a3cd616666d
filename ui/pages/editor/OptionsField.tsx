import type { BlockContent, EditableStorySummary, FormField } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";
import type { fieldInLanguage } from "./field-in-language";
import { useStoryForm } from "./story-form-context";

export interface OptionsFieldProps {
  readonly block: BlockContent;
  readonly field: FormField;
  readonly place: ReturnType<typeof fieldInLanguage>;
  readonly onChange: (value: unknown) => void;
}

/** The choices of an option field: its own, or stories (`internal_stories`, by content type and folder). */
function choicesOf(field: FormField, stories: readonly EditableStorySummary[]): { name: string; value: string }[] {
  if (field.field.source !== "internal_stories") return [...(field.field.options ?? [])];
  const types = field.field.filter_content_type;
  const folder = field.field.folder_slug?.replace(/^\/|\/$/g, "");
  return stories
    .filter((story) => !story.isFolder && (!types?.length || types.includes(story.component ?? "")) && (!folder || story.fullSlug.startsWith(`${folder}/`)))
    .map((story) => ({ name: story.name, value: story.uuid }));
}

/** One choice (a select) or several (checkboxes). */
export function OptionsField({ field, place, onChange }: OptionsFieldProps) {
  const { t } = useTranslation();
  const { stories } = useStoryForm();
  const choices = choicesOf(field, stories);
  if (field.type === "option") {
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={place.id}>
          {place.label}
        </label>
        <select id={place.id} className={styles.control} value={typeof place.value === "string" ? place.value : ""} onChange={(event) => onChange(event.target.value)}>
          {field.field.exclude_empty_option ? null : <option value="">{t("editor.option.none")}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const selected = new Set(Array.isArray(place.value) ? place.value.filter((value): value is string => typeof value === "string") : []);
  const toggle = (value: string, on: boolean) => onChange(choices.map((choice) => choice.value).filter((candidate) => (candidate === value ? on : selected.has(candidate))));
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.label}>{place.label}</legend>
      {choices.length === 0 ? <p className={styles.muted}>{t("editor.option.empty")}</p> : null}
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <input type="checkbox" checked={selected.has(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />
          <span>{choice.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
