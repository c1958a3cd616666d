import type { ReactNode } from "react";
import { VENUE, dateFieldToLocalInput, localInputToDateField, setBlockField, type BlockContent, type FieldProblemKind, type FormField } from "../../../core";
import type { Translate } from "../../components/i18n/translator";
import { useTranslation } from "../../components/i18n/use-translation";
import { AssetField } from "./AssetField";
import { BlocksField } from "./BlocksField";
import styles from "./Editor.module.css";
import { fieldInLanguage } from "./field-in-language";
import { LinkField } from "./LinkField";
import { OptionsField } from "./OptionsField";
import { isEditableRichText, RichTextField } from "./RichTextField";
import { useStoryForm } from "./story-form-context";

/** What a marked field says, in the editor's language. */
function problemMessage(problem: FieldProblemKind, t: Translate): string {
  if (problem.kind === "required") return t("editor.field.required");
  if (problem.kind === "order") return t("editor.field.after", { field: problem.after });
  if (problem.kind === "format") return problem.example ? t("editor.field.formatLike", { example: problem.example }) : t("editor.field.format");
  const { min, max } = problem;
  if (min !== undefined && max !== undefined) return t("editor.field.numberBetween", { min, max });
  if (min !== undefined) return t("editor.field.numberFrom", { min });
  if (max !== undefined) return t("editor.field.numberUpTo", { max });
  return t("editor.field.number");
}

/** One field of a block, with the input its schema type asks for, in the chosen language. */
export function FieldControl({ block, field }: { readonly block: BlockContent; readonly field: FormField }) {
  const { t } = useTranslation();
  const { language, change, fieldProblems } = useStoryForm();
  const place = fieldInLanguage(block, field, language);
  const uid = String(block._uid);
  // A translation may stay empty (visitors see the default language's text): only the field's own value is required.
  const required = field.field.required === true && place.storedKey === field.key;
  // Marked where the value lives: in the field's own language, not in a translation's.
  const problem = place.storedKey === field.key ? fieldProblems.find((candidate) => candidate.uid === uid && candidate.key === field.key)?.problem : undefined;
  const set = (value: unknown) => change((content) => setBlockField(content, uid, place.storedKey, value));
  const hintId = field.field.description ? `${place.id}-hint` : undefined;
  const errorId = problem ? `${place.id}-error` : undefined;
  const labelId = `${place.id}-label`;
  const labelText = (
    <>
      {place.label}
      {required ? <span aria-hidden="true"> *</span> : null}
      {place.untranslated ? <span className={styles.untranslated}>{t("editor.untranslated")}</span> : null}
    </>
  );
  // A label names one form control; a control made of several (pictures, a read-only text) is a
  // group named by the field's name instead.
  const frame = (control: ReactNode, naming: "label" | "group" = "label") => (
    <div className={styles.field} data-untranslated={place.untranslated || undefined}>
      {naming === "label" ? (
        <label className={styles.label} htmlFor={place.id}>
          {labelText}
        </label>
      ) : (
        <p id={labelId} className={styles.label}>
          {labelText}
        </p>
      )}
      {hintId ? (
        <p id={hintId} className={styles.hint}>
          {field.field.description}
        </p>
      ) : null}
      {control}
      {problem ? (
        <p id={errorId} className={styles.fieldError}>
          {problemMessage(problem, t)}
        </p>
      ) : null}
    </div>
  );
  const text = typeof place.value === "string" ? place.value : "";
  const placeholder = typeof place.fallback === "string" ? place.fallback : undefined;
  const common = { id: place.id, className: styles.control, "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined, "aria-invalid": problem ? true : undefined, required };

  switch (field.type) {
    case "text":
      return frame(<input type="text" {...common} value={text} placeholder={placeholder} maxLength={field.field.max_length} onChange={(event) => set(event.target.value)} />);
    case "textarea":
    case "markdown":
      return frame(<textarea value={text} {...common} className={`${styles.control} ${styles.textarea}`} placeholder={placeholder} onChange={(event) => set(event.target.value)} />);
    case "number":
      return frame(
        <input
          type="number"
          {...common}
          inputMode="numeric"
          value={typeof place.value === "number" || typeof place.value === "string" ? String(place.value) : ""}
          min={field.field.min_value}
          max={field.field.max_value}
          onChange={(event) => set(event.target.value === "" ? "" : event.target.value)}
        />,
      );
    case "boolean":
      return (
        <div className={styles.checkboxField}>
          <input id={place.id} type="checkbox" checked={place.value === true} aria-describedby={hintId} onChange={(event) => set(event.target.checked)} />
          <label htmlFor={place.id}>{place.label}</label>
          {hintId ? (
            <p id={hintId} className={styles.hint}>
              {field.field.description}
            </p>
          ) : null}
        </div>
      );
    case "datetime":
      return frame(<input type="datetime-local" {...common} value={dateFieldToLocalInput(place.value, VENUE.timeZone)} onChange={(event) => set(localInputToDateField(event.target.value, VENUE.timeZone))} />);
    case "option":
    case "options":
      return <OptionsField block={block} field={field} place={place} onChange={set} />;
    case "richtext":
      return frame(
        <RichTextField id={place.id} labelledBy={labelId} describedBy={hintId} value={place.value} fallback={place.fallback} onChange={set} />,
        isEditableRichText(place.value) ? "label" : "group",
      );
    case "asset":
      return frame(<AssetField id={place.id} labelledBy={labelId} value={place.value} fallback={place.fallback} onChange={set} />, "group");
    case "multiasset":
      return frame(<AssetField id={place.id} labelledBy={labelId} value={place.value} fallback={place.fallback} onChange={set} multiple />, "group");
    case "multilink":
      return frame(<LinkField id={place.id} value={place.value} onChange={set} />);
    case "bloks":
      return <BlocksField block={block} field={field} label={place.label} />;
  }
}
