import { HtmlValidate } from "html-validate";

// The HTML standard's conformance rules (html-validate's "standard" preset: content models, allowed
// attributes and values, ids, autocomplete tokens), plus a doctype and ARIA references that point
// at elements on the page, as the W3C validator checks them. Style rules (quotes, inline styles)
// and accessibility heuristics are left to axe.
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "missing-doctype": "error", "no-missing-references": "error" },
});

/** What the HTML a server sent breaks of the standard, each as "line:column rule: message". */
export async function htmlValidityErrors(html: string, source: string): Promise<string[]> {
  const report = await validator.validateString(html, source);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`));
}
