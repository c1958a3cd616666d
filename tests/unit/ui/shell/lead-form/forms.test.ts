import { describe, expect, it } from "vitest";
import { LEAD_FORM_FIELDS, LEAD_FORM_KINDS, LEAD_FORM_SCHEMAS } from "../../../../../core";
import { CONTACT_FORM } from "../../../../../ui/shell/lead-form/forms/contact.form";
import { HOSPITALITY_FORM } from "../../../../../ui/shell/lead-form/forms/hospitality.form";
import { JOB_APPLICATION_FORM } from "../../../../../ui/shell/lead-form/forms/job-application.form";
import { NEWSLETTER_FORM } from "../../../../../ui/shell/lead-form/forms/newsletter.form";

const FORMS = [CONTACT_FORM, HOSPITALITY_FORM, NEWSLETTER_FORM, JOB_APPLICATION_FORM];

describe("the lead forms as pages show them", () => {
  it("are one per kind of form", () => {
    expect(FORMS.map((form) => form.kind).sort()).toEqual([...LEAD_FORM_KINDS].sort());
  });

  it.each(FORMS.map((form) => [form.kind, form] as const))("%s validates in the browser with the schema the server decodes with", async (kind, form) => {
    expect(await form.loadSchema()).toBe(LEAD_FORM_SCHEMAS[kind]);
  });

  it.each(FORMS.map((form) => [form.kind, form] as const))("%s shows the fields the server reads for its kind", (kind, form) => {
    expect(form.fields).toBe(LEAD_FORM_FIELDS[kind]);
  });

  it("say each form's own words on its submit button", () => {
    expect(new Set(FORMS.map((form) => form.submitLabel)).size).toBe(FORMS.length);
  });

  it.each(FORMS.map((form) => [form.kind, form] as const))("%s brings a file control exactly when it has a file field", (kind, form) => {
    const hasFile = LEAD_FORM_FIELDS[kind].some((field) => field.control === "file");
    expect(form.FileField !== undefined).toBe(hasFile);
  });
});
