import type { LocaleCode } from "../locale/locale.settings";
import { blocksOf, type BlockContent } from "./block-tree.ops";
import { blockSummary, formFields, type ComponentDefinition } from "./component-schema";

/** A required field left empty: the block it is in, its key, and how an editor finds it ("Evento › Desde"). */
export interface MissingField {
  readonly uid: string;
  readonly key: string;
  readonly label: string;
}

/** Empty as an editor leaves a field: no text, no number, no image chosen, no link target. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("filename" in record) return isEmpty(record.filename);
    if ("linktype" in record) return [record.id, record.url, record.cached_url, record.email].every(isEmpty);
  }
  return false;
}

/**
 * The fields the schema marks required that are empty, in the story and every nested block, in
 * the order the form shows them. A translatable field's own value is the default language's:
 * a translation left empty falls back to it.
 */
export function missingRequiredFields(content: BlockContent, components: readonly ComponentDefinition[], language: LocaleCode): MissingField[] {
  const missing: MissingField[] = [];
  const visit = (block: BlockContent) => {
    const component = components.find((candidate) => candidate.name === block.component);
    if (!component) return;
    const name = blockSummary(block, component, language);
    for (const { key, type, field } of formFields(component)) {
      if (field.required && isEmpty(block[key])) missing.push({ uid: String(block._uid), key, label: `${name} › ${field.display_name || key.replace(/_/g, " ")}` });
      if (type === "bloks") blocksOf(block, key).forEach(visit);
    }
  };
  visit(content);
  return missing;
}
