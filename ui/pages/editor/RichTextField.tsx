import { useState } from "react";
import { isMarkdownRepresentable, markdownToRichText, richTextToMarkdown, type RichText } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

const isRichText = (value: unknown): value is RichText => typeof value === "object" && value !== null && (value as RichText).type === "doc";

/** Whether a stored value can be typed as Markdown here: empty, or a document Markdown can hold. */
export const isEditableRichText = (value: unknown): boolean => !isRichText(value) || isMarkdownRepresentable(value);

export interface RichTextFieldProps {
  readonly id: string;
  /** The field's name, for the read-only text (a label names only an editable one). */
  readonly labelledBy: string;
  readonly describedBy: string | undefined;
  readonly value: unknown;
  /** The default language's text, shown where a translation is missing. */
  readonly fallback: unknown;
  readonly onChange: (value: RichText) => void;
}

/**
 * Rich text typed as a small Markdown (headings, lists, bold, italic, links), stored as the
 * rich-text document the site renders. A document with more than that keeps its formatting:
 * it is shown read-only rather than flattened.
 */
export function RichTextField({ id, labelledBy, describedBy, value, fallback, onChange }: RichTextFieldProps) {
  const { t } = useTranslation();
  const doc = isRichText(value) ? value : undefined;
  // What the editor typed stays as typed (spaces, a list being started) while the document follows
  // it; a document from elsewhere (another language, a discarded draft) is shown afresh.
  const [typed, setTyped] = useState<{ readonly text: string; readonly source: unknown }>(() => ({ text: richTextToMarkdown(doc), source: value }));
  if (typed.source !== value) setTyped({ text: richTextToMarkdown(doc), source: value });
  const text = typed.source === value ? typed.text : richTextToMarkdown(doc);
  const syntaxId = `${id}-syntax`;
  if (!isEditableRichText(value)) {
    return (
      <div id={id} role="group" aria-labelledby={labelledBy} tabIndex={-1}>
        <p className={styles.muted}>{t("editor.richText.notEditable")}</p>
      </div>
    );
  }
  return (
    <>
      <textarea
        id={id}
        className={`${styles.control} ${styles.textarea} ${styles.richText}`}
        value={text}
        placeholder={isRichText(fallback) ? richTextToMarkdown(fallback) : undefined}
        aria-describedby={[describedBy, syntaxId].filter(Boolean).join(" ")}
        onChange={(event) => {
          const next = markdownToRichText(event.target.value);
          setTyped({ text: event.target.value, source: next });
          onChange(next);
        }}
      />
      <p id={syntaxId} className={styles.hint}>
        {t("editor.richText.syntax")}
      </p>
    </>
  );
}
