import { describe, expect, it } from "vitest";
import type { LeadSubmission } from "../../../../../core";
import { csvOf, leadExportTable } from "../../../../../core/domain/forms/lead-export.ops";

function submission(changes: Partial<LeadSubmission>): LeadSubmission {
  return {
    id: "7f1c2a4e-0b5d-4c8e-9a3f-2d6b8e1f0a11",
    kind: "hospitality",
    fields: {},
    consents: [],
    locale: "val",
    submittedAt: "2026-02-03T10:15:00.000Z",
    userId: null,
    idempotencyKey: "key",
    fingerprint: "fingerprint",
    ...changes,
  };
}

describe("leadExportTable", () => {
  it("heads a kind's table with the reference, time, language and user, its fields in the form's order, then its consents", () => {
    expect(leadExportTable("hospitality", [])).toEqual([
      [
        "Reference",
        "Submitted at (UTC)",
        "Language",
        "User id",
        "Name",
        "Surname",
        "Email",
        "Phone",
        "Company name",
        "Position in the company",
        "Tax id (CIF/NIF)",
        "Company type",
        "Product of interest",
        "Interested in",
        "Message",
        "Privacy policy accepted",
        "Communications accepted",
        "Privacy policy consent: text version",
        "Privacy policy consent: accepted at (UTC)",
        "Communications consent: text version",
        "Communications consent: accepted at (UTC)",
      ],
    ]);
    expect(leadExportTable("newsletter", [])[0]).toEqual([
      "Reference",
      "Submitted at (UTC)",
      "Language",
      "User id",
      "Email",
      "Privacy policy accepted",
      "Marketing accepted",
      "Privacy policy consent: text version",
      "Privacy policy consent: accepted at (UTC)",
      "Marketing consent: text version",
      "Marketing consent: accepted at (UTC)",
    ]);
  });

  it("writes a submission's values under their columns: booleans as yes/no, a missing field or consent as an empty cell", () => {
    const lead = submission({
      kind: "contact",
      userId: "user-1",
      fields: { name: "Núria", surname: "Puig", email: "nuria@example.com", phone: "600 000 000", subject: "Palcos", message: "Hola", privacyPolicy: true, communication: false },
      consents: [{ kind: "privacyPolicy", textVersion: "2026-01", acceptedAt: "2026-02-03T10:15:00.000Z" }],
    });
    const [header, row] = leadExportTable("contact", [lead]);
    expect(Object.fromEntries(header!.map((column, index) => [column, row![index]]))).toEqual({
      Reference: lead.id,
      "Submitted at (UTC)": "2026-02-03T10:15:00.000Z",
      Language: "val",
      "User id": "user-1",
      Name: "Núria",
      Surname: "Puig",
      Email: "nuria@example.com",
      Phone: "600 000 000",
      Event: "",
      Subject: "Palcos",
      Message: "Hola",
      "Privacy policy accepted": "yes",
      "Communications accepted": "no",
      "Privacy policy consent: text version": "2026-01",
      "Privacy policy consent: accepted at (UTC)": "2026-02-03T10:15:00.000Z",
      "Communications consent: text version": "",
      "Communications consent: accepted at (UTC)": "",
    });
  });

  it("ends a job application's row with its exported CV's file name, empty when there is none", () => {
    const withCv = submission({ id: "with-cv", kind: "job-application", fields: { cv: "AbCdEfGhIjKlMnOpQr-_09" } });
    const withoutCv = submission({ id: "without-cv", kind: "job-application", fields: { cv: "AAAAAAAAAAAAAAAAAAAAAA" } });
    const [header, first, second] = leadExportTable("job-application", [withCv, withoutCv], new Map([["with-cv", "cv/with-cv.pdf"]]));
    expect(header!.at(-1)).toBe("CV file");
    expect(first!.at(-1)).toBe("cv/with-cv.pdf");
    expect(first![header!.indexOf("CV upload id")]).toBe("AbCdEfGhIjKlMnOpQr-_09");
    expect(second!.at(-1)).toBe("");
  });
});

describe("csvOf", () => {
  it("quotes every cell and ends every record with CRLF", () => {
    expect(csvOf([["a", "b"], ["", "ç ñ"]])).toBe('"a","b"\r\n"","ç ñ"\r\n');
    expect(csvOf([])).toBe("");
  });

  it("doubles a cell's quotes, and keeps its commas, line breaks and tabs inside its quotes (RFC 4180)", () => {
    expect(csvOf([["a,b", 'say "hi"', "two\nlines", "a\rb", "tab\tinside"]])).toBe('"a,b","say ""hi""","two\nlines","a\rb","tab\tinside"\r\n');
  });

  it("neutralises a cell that starts like a formula with a leading quote", () => {
    expect(csvOf([["=HYPERLINK(\"http://evil.example\",\"cv\")"]])).toBe(`"'=HYPERLINK(""http://evil.example"",""cv"")"\r\n`);
    expect(csvOf([["+34 600 000 000", "-2+3", "@SUM(A1)", "=1,2"]])).toBe(`"'+34 600 000 000","'-2+3","'@SUM(A1)","'=1,2"\r\n`);
  });

  it("neutralises a formula after every place a spreadsheet may start a cell: a comma, a semicolon, a tab, a line break", () => {
    expect(csvOf([["a;=4+4", "b,+1", "c\t-1", "d\r\n@A1", "e\n=1+1", "f;\"=1"]])).toBe(
      `"a;'=4+4","b,'+1","c\t'-1","d\r\n'@A1","e\n'=1+1","f;""'=1"\r\n`,
    );
    expect(csvOf([['"=1']])).toBe(`"""'=1"\r\n`);
  });

  it("leaves a formula character elsewhere, and a leading quote or space, as they are", () => {
    expect(csvOf([["a=b", "1-2", "'=1", " =1", "x; =1"]])).toBe(`"a=b","1-2","'=1"," =1","x; =1"\r\n`);
  });
});
