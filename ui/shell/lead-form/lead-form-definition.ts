import type { Schema } from "effect";
import type { ComponentType } from "react";
import type { LeadFormField, LeadFormKind } from "../../../core";
import type { CvFieldProps } from "./CvField";

/**
 * A lead form as a page shows it: which form it is, its fields, its words, and how its schema loads
 * on the form's first interaction. Each form has a module of its own (`forms/`), imported by the
 * block or the footer that shows it: a page's code reaches only the fields, words and schemas of the
 * forms it shows, and so the page is sent only their texts (the build reads the text keys from the
 * code a page may load).
 */
export interface LeadFormDefinition {
  readonly kind: LeadFormKind;
  readonly fields: readonly LeadFormField[];
  /** The submit button's words (i18n key). */
  readonly submitLabel: string;
  /** What the form says once sent (i18n key), instead of the answer's own message. */
  readonly sentNotice?: string;
  /** The button that empties the form for another submission (i18n key), where another makes sense. */
  readonly sendAnotherLabel?: string;
  readonly loadSchema: () => Promise<Schema.ConstraintDecoder<unknown>>;
  /** The control of a file field (the job application's CV): only the form that has one brings its upload's code and texts. */
  readonly FileField?: ComponentType<CvFieldProps>;
}
