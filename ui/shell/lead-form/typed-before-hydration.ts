import type { FieldValues } from "../../../core";

/**
 * What the visitor typed or ticked in the server's form before its code hydrated it, read from the
 * page when the form first renders in the browser (the form's own fields only). A form hydrated after the page (the footer's)
 * starts from these, so hydration keeps them instead of wiping them. An input the browser's code
 * already drives keeps its value and its default equal, and gives nothing.
 */
export function valuesTypedBeforeHydration(formId: string, fieldNames: readonly string[]): FieldValues {
  if (typeof document === "undefined") return {};
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return {};
  const typed: Record<string, string | boolean> = {};
  const names = new Set(fieldNames);
  for (const element of Array.from(form.elements)) {
    if (!("name" in element) || !names.has(element.name as string)) continue;
    if (element instanceof HTMLInputElement) {
      if (element.type === "checkbox") {
        if (element.checked !== element.defaultChecked) typed[element.name] = element.checked;
      } else if (element.type !== "hidden" && element.type !== "file" && element.value !== element.defaultValue) {
        typed[element.name] = element.value;
      }
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) typed[element.name] = element.value;
    } else if (element instanceof HTMLSelectElement) {
      const chosen = element.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) typed[element.name] = element.value;
    }
  }
  return typed;
}
