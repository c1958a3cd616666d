import type { LeadSubmission } from "../../ports/form-inbox.port";
import type { ConsentKind } from "../../ports/user-profile.port";
import type { LeadFieldName } from "./lead-form-fields.settings";
import { LEAD_FORM_CONSENTS, LEAD_FORM_FIELDS, type LeadFormKind } from "./lead-forms.settings";

// Plain English column names: the export is a staff tool, read alike whatever the site's language.
const FIELD_COLUMNS = {
  name: "Name",
  surname: "Surname",
  email: "Email",
  phone: "Phone",
  subject: "Subject",
  message: "Message",
  event: "Event",
  companyName: "Company name",
  companyPosition: "Position in the company",
  cif: "Tax id (CIF/NIF)",
  companyType: "Company type",
  productOfInterest: "Product of interest",
  interestIn: "Interested in",
  jobOffer: "Job offer",
  birthdate: "Birth date",
  address: "Address",
  cv: "CV upload id",
  privacyPolicy: "Privacy policy accepted",
  communication: "Communications accepted",
  marketing: "Marketing accepted",
} as const satisfies Record<LeadFieldName, string>;

const CONSENT_COLUMNS = {
  privacyPolicy: "Privacy policy",
  communication: "Communications",
  marketing: "Marketing",
} as const satisfies Record<ConsentKind, string>;

/** Where each exported row's CV went, by submission id: its file name relative to the CSV. */
export type ExportedCvFiles = ReadonlyMap<string, string>;

/**
 * One kind's leads as a table, header first: reference, time, language and user, the kind's fields
 * in the order the form asks for them, each consent's text version and time, and for job
 * applications the exported CV's file name. A field a submission lacks is an empty cell.
 */
export function leadExportTable(kind: LeadFormKind, submissions: readonly LeadSubmission[], cvFiles: ExportedCvFiles = new Map()): string[][] {
  const fields = LEAD_FORM_FIELDS[kind];
  const consents = LEAD_FORM_CONSENTS[kind];
  const withCv = kind === "job-application";
  const header = [
    "Reference",
    "Submitted at (UTC)",
    "Language",
    "User id",
    ...fields.map((field) => FIELD_COLUMNS[field.name]),
    ...consents.flatMap((consent) => [`${CONSENT_COLUMNS[consent]} consent: text version`, `${CONSENT_COLUMNS[consent]} consent: accepted at (UTC)`]),
    ...(withCv ? ["CV file"] : []),
  ];
  const rows = submissions.map((submission) => {
    const accepted = (consentKind: ConsentKind) => submission.consents.find((consent) => consent.kind === consentKind);
    return [
      submission.id,
      submission.submittedAt,
      submission.locale,
      submission.userId ?? "",
      ...fields.map((field) => cellOf(submission.fields[field.name])),
      ...consents.flatMap((consent) => [accepted(consent)?.textVersion ?? "", accepted(consent)?.acceptedAt ?? ""]),
      ...(withCv ? [cvFiles.get(submission.id) ?? ""] : []),
    ];
  });
  return [header, ...rows];
}

function cellOf(value: string | boolean | undefined): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  return value ?? "";
}

/**
 * A formula's first character (`=`, `+`, `-`, `@`: OWASP, CSV injection) where a spreadsheet may
 * start a cell, which is not only after a comma: a Spanish Excel splits CSV at `;`, others at
 * tabs, and a reader that ignores quotes starts a cell after a line break. Quotes right after such
 * a place are skipped, as a reader skips them.
 */
const CELL_START = /(^|[,;\t\r\n])("*)(?=[=+\-@])/g;

/**
 * A table as CSV (RFC 4180): CRLF after every record, every cell in quotes, its quotes doubled.
 * Wherever a spreadsheet could start a cell (the cell's start, and after every `,`, `;`, tab, CR
 * or LF in it), a formula's first character gets a `'` in front (OWASP), so that a spreadsheet
 * shows it as text instead of running it: a visitor writes these cells.
 */
export function csvOf(table: readonly (readonly string[])[]): string {
  return table.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

function csvCell(value: string): string {
  return `"${value.replace(CELL_START, "$1$2'").replaceAll('"', '""')}"`;
}
