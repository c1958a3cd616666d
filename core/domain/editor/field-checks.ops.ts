import { comesAfter, DATE_ORDER_RULES } from "../content/date-order.ops";
import { isFilledTranslation } from "../content/field-translations.ops";
import type { LocaleCode } from "../locale/locale.settings";
import { blocksOf, type BlockContent } from "./block-tree.ops";
import { blockSummary, formFields, type ComponentField, type ComponentDefinition } from "./component-schema";

/**
 * What is wrong with a field: empty though required, not a whole number within its bounds, or a
 * text off its pattern (`example` is the field's hint, which shows the form it takes), or a date
 * before the one it must follow.
 */
export type FieldProblemKind =
  | { readonly kind: "required" }
  | { readonly kind: "number"; readonly min?: number; readonly max?: number }
  | { readonly kind: "format"; readonly example?: string }
  /** A date before the one it must follow (`after` names that field). */
  | { readonly kind: "order"; readonly after: string };

/** A field the site could not take as it is: the block it is in, its key, how an editor finds it ("Evento › Desde"), and why. */
export interface FieldProblem {
  readonly uid: string;
  readonly key: string;
  readonly label: string;
  /** Whether the field has a value per language: the problem is then in the default language's. */
  readonly translatable: boolean;
  readonly problem: FieldProblemKind;
}

/** Empty as an editor leaves a field (as a translation counts as missing), and a text of spaces only. */
const isEmpty = (value: unknown) => !isFilledTranslation(value) || (typeof value === "string" && value.trim() === "");

// The site reads every number field as a whole number, which the CMS may send as text: digits only.
const WHOLE_NUMBER = /^\s*\d+\s*$/;

function numberProblem(value: unknown, field: ComponentField): FieldProblemKind | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && WHOLE_NUMBER.test(value) ? Number(value) : Number.NaN;
  const min = field.min_value ?? undefined;
  const max = field.max_value ?? undefined;
  if (Number.isInteger(number) && (min === undefined || number >= min) && (max === undefined || number <= max)) return undefined;
  return { kind: "number", ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function formatProblem(value: unknown, field: ComponentField): FieldProblemKind | undefined {
  if (!field.regex || typeof value !== "string") return undefined;
  let pattern: RegExp;
  try {
    pattern = new RegExp(field.regex, "u");
  } catch {
    // A pattern JavaScript cannot read is the schema's mistake, not the editor's.
    return undefined;
  }
  return pattern.test(value) ? undefined : { kind: "format", ...(field.description ? { example: field.description } : {}) };
}

const TEXT_TYPES: readonly string[] = ["text", "textarea"];

const fieldName = (key: string, field: ComponentField | undefined) => field?.display_name || key.replace(/_/g, " ");

/** A date field that must follow another of its block and does not. */
function orderProblem(block: BlockContent, component: ComponentDefinition, key: string): FieldProblemKind | undefined {
  const rule = DATE_ORDER_RULES.find((candidate) => candidate.component === component.name && candidate.later === key);
  if (!rule || comesAfter(block[rule.earlier], block[key])) return undefined;
  return { kind: "order", after: fieldName(rule.earlier, component.schema[rule.earlier]) };
}

function problemOf(block: BlockContent, component: ComponentDefinition, key: string, type: string, field: ComponentField): FieldProblemKind | undefined {
  const value = block[key];
  if (isEmpty(value)) return field.required ? { kind: "required" } : undefined;
  if (type === "number") return numberProblem(value, field);
  if (type === "datetime") return orderProblem(block, component, key);
  return TEXT_TYPES.includes(type) ? formatProblem(value, field) : undefined;
}

/**
 * The fields the site could not take as they are, in the story and every nested block, in the
 * order the form shows them: required ones left empty, numbers that are not whole or are out of
 * their schema's bounds, texts off their pattern, and dates before the one they must follow. A
 * translatable field's own value is the default language's: a translation left empty falls back
 * to it.
 */
export function fieldProblems(content: BlockContent, components: readonly ComponentDefinition[], language: LocaleCode): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const visit = (block: BlockContent) => {
    const component = components.find((candidate) => candidate.name === block.component);
    if (!component) return;
    const name = blockSummary(block, component, language);
    for (const { key, type, field } of formFields(component)) {
      const problem = problemOf(block, component, key, type, field);
      if (problem) problems.push({ uid: String(block._uid), key, label: `${name} › ${fieldName(key, field)}`, translatable: field.translatable === true, problem });
      if (type === "bloks") blocksOf(block, key).forEach(visit);
    }
  };
  visit(content);
  return problems;
}
