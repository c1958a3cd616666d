import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Feedback } from "../../../../../ui/components/feedback/Feedback";
import { CheckboxField } from "../../../../../ui/components/form-field/CheckboxField";
import { FormStatus } from "../../../../../ui/components/form-field/FormStatus";
import { NoScriptNote } from "../../../../../ui/components/form-field/NoScriptNote";
import { SelectField } from "../../../../../ui/components/form-field/SelectField";
import { TextField } from "../../../../../ui/components/form-field/TextField";
import { attributesOf, renderHtml } from "../../support/render";

const noop = () => {};
const attribute = (html: string, tag: string, name: string) => attributesOf(html).find((found) => found.tag === tag && found.name === name)?.value;

describe("TextField", () => {
  it("labels its input and ties the hint to it; a required mark is not read twice", () => {
    const html = renderHtml(createElement(TextField, { id: "f-email", name: "email", label: "Email address", type: "email", value: "", onChange: noop, hint: "We never share it.", required: true }));
    expect(html).toMatch(/<label[^>]* for="f-email">Email address<span[^>]* aria-hidden="true"> \*<\/span><\/label>/);
    expect(attribute(html, "input", "id")).toBe("f-email");
    expect(attribute(html, "input", "type")).toBe("email");
    expect(attribute(html, "input", "aria-describedby")).toBe("f-email-hint");
    expect(attribute(html, "input", "aria-invalid")).toBeUndefined();
    expect(html).toContain('<p id="f-email-hint"');
  });

  it("marks the input invalid and has it described by its message", () => {
    const html = renderHtml(createElement(TextField, { id: "f-name", name: "name", label: "Name", value: "A", onChange: noop, hint: "Your first name", error: "Your name must be between 2 and 50 characters." }));
    expect(attribute(html, "input", "aria-invalid")).toBe("true");
    expect(attribute(html, "input", "aria-describedby")).toBe("f-name-hint f-name-error");
    expect(html).toMatch(/<p id="f-name-error"[^>]*>Your name must be between 2 and 50 characters\.<\/p>/);
  });
});

describe("TextField whose hint is the rule", () => {
  const password = (error?: string) =>
    renderHtml(createElement(TextField, { id: "f-password", name: "password", label: "Password", type: "password", value: "123", onChange: noop, hint: "Between 6 and 72 characters.", hintIsTheRule: true, error }));

  it("shows the rule until its message says it again, then the message alone (issue 49: the hint repeated its error)", () => {
    expect(password()).toContain("Between 6 and 72 characters.");
    const invalid = password("The password must be between 6 and 72 characters.");
    expect(invalid).not.toContain("Between 6 and 72 characters.");
    expect(attribute(invalid, "input", "aria-describedby")).toBe("f-password-error");
    expect(invalid).toMatch(/<p id="f-password-error"[^>]*>The password must be between 6 and 72 characters\.<\/p>/);
  });
});

describe("CheckboxField", () => {
  it("is a labelled checkbox whose label may hold a link, with its message tied to it", () => {
    const label = createElement("span", null, "I accept the ", createElement("a", { href: "/en/privacy-policy/" }, "privacy policy"));
    const html = renderHtml(createElement(CheckboxField, { id: "f-privacy", name: "privacyPolicy", label, checked: false, onChange: noop, error: "Please accept the privacy policy" }));
    expect(attribute(html, "input", "type")).toBe("checkbox");
    expect(attribute(html, "input", "aria-invalid")).toBe("true");
    expect(attribute(html, "input", "aria-describedby")).toBe("f-privacy-error");
    expect(html).toMatch(/<label[^>]* for="f-privacy"><span>I accept the <a href="\/en\/privacy-policy\/">privacy policy<\/a><\/span><\/label>/);
    expect(html).toContain('id="f-privacy-error"');
  });
});

describe("SelectField", () => {
  it("labels a select whose options say which language they are written in", () => {
    const options = [
      { value: "es", label: "Español", lang: "es-ES" },
      { value: "val", label: "Valencià", lang: "ca-ES-valencia" },
    ];
    const html = renderHtml(createElement(SelectField, { id: "f-language", name: "preferredLanguage", label: "Language", value: "val", options, onChange: noop, hint: "For our emails" }));
    expect(html).toMatch(/<label[^>]* for="f-language">Language<\/label>/);
    expect(attribute(html, "select", "aria-describedby")).toBe("f-language-hint");
    expect(html).toContain('<option value="val" lang="ca-ES-valencia" selected="">Valencià</option>');
  });
});

describe("FormStatus", () => {
  it("keeps its live regions on the page while empty, so that what appears in them is heard", () => {
    expect(renderHtml(createElement(FormStatus, {}))).toMatch(/<div role="status"><\/div><div role="alert"><\/div>/);
  });

  it("reads progress out without showing it twice, and shows results without nesting live regions", () => {
    expect(renderHtml(createElement(FormStatus, { progress: "Signing in..." }))).toContain('<div role="status"><p class="visually-hidden">Signing in...</p></div>');
    const html = renderHtml(createElement(FormStatus, { notice: "Data updated successfully", error: "Login failed. Please check your email and password." }));
    expect(html.match(/role="(status|alert)"/g)).toEqual(['role="status"', 'role="alert"']);
    expect(html).toMatch(/<div role="status"><div class="[^"]*success[^"]*">.*Data updated successfully.*<\/div><\/div><div role="alert">/);
    expect(html).toMatch(/<div role="alert"><div class="[^"]*error[^"]*">.*Login failed\. Please check your email and password\./);
  });
});

describe("Feedback", () => {
  it("is a live region of its own unless it sits in one", () => {
    expect(renderHtml(createElement(Feedback, { tone: "error", children: "!" }))).toContain('role="alert"');
    expect(renderHtml(createElement(Feedback, { tone: "success", live: false, children: "ok" }))).not.toContain("role=");
  });
});

describe("NoScriptNote", () => {
  it("speaks only to browsers without JavaScript", () => {
    expect(renderHtml(createElement(NoScriptNote, { text: "This form needs JavaScript." }))).toMatch(/^<noscript><p class="[^"]*">This form needs JavaScript\.<\/p><\/noscript>$/);
  });
});
