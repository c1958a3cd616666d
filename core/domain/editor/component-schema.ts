import type { LocaleCode } from "../locale/locale.settings";
import { translatedFieldKey, type BlockContent } from "./block-tree.ops";

/** One field of a component's schema, as `components.json` (Storyblok's Management API) has it. */
export interface ComponentField {
  readonly type: string;
  readonly display_name?: string | null;
  readonly description?: string | null;
  readonly translatable?: boolean;
  readonly required?: boolean;
  readonly pos?: number;
  /** option/options fields with `source: "self"`. */
  readonly options?: readonly { readonly name: string; readonly value: string }[];
  /** `internal_stories` lists stories (filtered by content type and folder) instead of options. */
  readonly source?: string;
  readonly filter_content_type?: readonly string[];
  readonly folder_slug?: string;
  readonly exclude_empty_option?: boolean;
  /** bloks fields: how many blocks it may hold at most. */
  readonly maximum?: number | null;
  /** bloks fields: the components it may hold. */
  readonly restrict_components?: boolean;
  readonly component_whitelist?: readonly string[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly max_length?: number;
  /** text and textarea fields: a pattern a filled value must match (checked in the editor, as Storyblok does). */
  readonly regex?: string | null;
}

/** A component of `components.json`: its name, how editors see it, and its fields. */
export interface ComponentDefinition {
  readonly name: string;
  readonly display_name?: string | null;
  readonly is_root?: boolean;
  readonly is_nestable?: boolean;
  /** The field whose text names a block of this component in lists. */
  readonly preview_field?: string | null;
  readonly schema: Readonly<Record<string, ComponentField>>;
}

/** The field types the editor has an input for; Storyblok's `section` and `tab` only group fields. */
export const EDITABLE_FIELD_TYPES = ["text", "textarea", "markdown", "richtext", "number", "boolean", "datetime", "asset", "multiasset", "multilink", "option", "options", "bloks"] as const;
export type EditableFieldType = (typeof EDITABLE_FIELD_TYPES)[number];

export interface FormField {
  readonly key: string;
  readonly type: EditableFieldType;
  readonly field: ComponentField;
}

/** A component's fields in the order its schema gives (`pos`), the editable ones only. */
export function formFields(component: ComponentDefinition): FormField[] {
  return Object.entries(component.schema)
    .filter((entry): entry is [string, ComponentField & { type: EditableFieldType }] => (EDITABLE_FIELD_TYPES as readonly string[]).includes(entry[1].type))
    .sort(([, a], [, b]) => (a.pos ?? Number.MAX_SAFE_INTEGER) - (b.pos ?? Number.MAX_SAFE_INTEGER))
    .map(([key, field]) => ({ key, type: field.type, field }));
}

/** The components a `bloks` field accepts: its whitelist, or every nestable component. */
export function allowedComponents(field: ComponentField, components: readonly ComponentDefinition[]): ComponentDefinition[] {
  const whitelist = field.restrict_components && field.component_whitelist ? new Set(field.component_whitelist) : undefined;
  return components.filter((component) => (whitelist ? whitelist.has(component.name) : component.is_nestable !== false && component.is_root !== true));
}

export function componentLabel(component: ComponentDefinition | undefined, name: string): string {
  return component?.display_name || name.replace(/_/g, " ");
}

/**
 * How a block is named in the editor's lists: its component, and its preview field's text (in
 * the language being edited, else the default one) when it has one.
 */
export function blockSummary(block: BlockContent, component: ComponentDefinition | undefined, locale: LocaleCode): string {
  const name = componentLabel(component, String(block.component ?? ""));
  const field = component?.preview_field ?? (component && "title" in component.schema ? "title" : component && "name" in component.schema ? "name" : undefined);
  const translated = field ? block[translatedFieldKey(field, locale)] : undefined;
  const text = typeof translated === "string" && translated.trim() ? translated : field ? block[field] : undefined;
  return typeof text === "string" && text.trim() ? `${name}: ${text.trim()}` : name;
}

/** A new block of a component, with its options' first values where the schema asks for one. */
export function newBlock(component: ComponentDefinition, uid: string): BlockContent {
  const block: Record<string, unknown> = { _uid: uid, component: component.name };
  for (const { key, type, field } of formFields(component)) {
    if (type === "bloks" || type === "options" || type === "multiasset") block[key] = [];
    else if (type === "option" && field.exclude_empty_option && field.options?.[0]) block[key] = field.options[0].value;
  }
  return block;
}
