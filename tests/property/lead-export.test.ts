import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LeadSubmission } from "../../core";
import { csvOf, leadExportTable } from "../../core/domain/forms/lead-export.ops";
import { LEAD_FORM_FIELDS } from "../../core/domain/forms/lead-forms.settings";
import { LEAD_FORM_KINDS } from "../../core/domain/forms/lead-forms.settings";

/**
 * A strict RFC 4180 reader: a field is bare (no quote, comma, CR or LF) or quoted with its quotes
 * doubled, and every record ends with CRLF (the export always ends its last one). Anything else throws.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let at = 0;
  while (at < text.length) {
    const record: string[] = [];
    for (;;) {
      let cell = "";
      if (text[at] === '"') {
        at++;
        for (;;) {
          if (at >= text.length) throw new Error("a quoted field is not closed");
          if (text[at] !== '"') cell += text[at++];
          else if (text[at + 1] === '"') {
            cell += '"';
            at += 2;
          } else {
            at++;
            break;
          }
        }
      } else {
        while (at < text.length && !'",\r\n'.includes(text[at]!)) cell += text[at++];
      }
      record.push(cell);
      if (text[at] === ",") at++;
      else if (text.startsWith("\r\n", at)) {
        at += 2;
        break;
      } else throw new Error(`${JSON.stringify(text[at])} at ${at} ends no field`);
    }
    records.push(record);
  }
  return records;
}

/** What spreadsheets take for the start of a formula (OWASP, CSV injection). */
const FORMULA_STARTS = ["=", "+", "-", "@"];
/** Where a spreadsheet may start a cell: a comma, a Spanish Excel's semicolon, a tab, a line break. */
const SEPARATORS = [",", ";", "\t", "\r", "\n"];

/** What the export makes of a cell: a `'` in front of a formula's start wherever a cell may start (after any quotes there). */
function neutralised(cell: string): string {
  let made = "";
  let cellMayStart = true;
  for (const character of cell) {
    if (cellMayStart && FORMULA_STARTS.includes(character)) made += "'";
    made += character;
    cellMayStart = SEPARATORS.includes(character) || (cellMayStart && character === '"');
  }
  return made;
}

/** Every piece of the text that a spreadsheet splitting at any separator, and ignoring quotes, would take for a cell. */
const piecesOf = (text: string) => text.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^"+/, ""));
const startsLikeFormula = (piece: string) => FORMULA_STARTS.includes(piece.charAt(0));

// Any text at all, and text made of what CSV and spreadsheets give a meaning to, more often than chance would.
const troublesome = fc.string({ unit: fc.constantFrom(..."=+-@\t\r\n\",' ;aé") });
const cell = fc.oneof(
  fc.string({ unit: "binary" }),
  troublesome,
  fc.tuple(fc.constantFrom(...FORMULA_STARTS), troublesome).map(([trigger, rest]) => trigger + rest),
  fc.tuple(troublesome, fc.constantFrom(...SEPARATORS), fc.constantFrom(...FORMULA_STARTS), troublesome).map((parts) => parts.join("")),
);
const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 8 });

const submissions = fc.constantFrom(...LEAD_FORM_KINDS).chain((kind) =>
  fc.record({
    kind: fc.constant(kind),
    submissions: fc.array(
      fc.record({
        id: cell,
        kind: fc.constant(kind),
        // Any of the kind's fields, each text, a checkbox's boolean or left out.
        fields: fc
          .tuple(...LEAD_FORM_FIELDS[kind].map((field) => fc.option(fc.tuple(fc.constant(field.name), fc.oneof(cell, fc.boolean())), { nil: undefined })))
          .map((entries) => Object.fromEntries(entries.filter((entry) => entry !== undefined))),
        consents: fc.array(fc.record({ kind: fc.constantFrom("privacyPolicy", "communication", "marketing"), textVersion: cell, acceptedAt: cell })),
        locale: fc.constantFrom("es", "en", "val"),
        submittedAt: cell,
        userId: fc.option(cell, { nil: null }),
        idempotencyKey: cell,
        fingerprint: cell,
      }) satisfies fc.Arbitrary<LeadSubmission>,
      { maxLength: 5 },
    ),
    cvFileName: cell,
  }),
);

describe("the leads CSV", () => {
  it("gives back every cell through an RFC 4180 reader, with only the neutralising quote added", () => {
    fc.assert(
      fc.property(table, (rows) => {
        expect(readCsv(csvOf(rows))).toEqual(rows.map((row) => row.map(neutralised)));
      }),
      { numRuns: 500 },
    );
  });

  it("leaves nothing that a spreadsheet could split off at a comma, a semicolon, a tab or a line break starting like a formula, whatever a visitor typed", () => {
    fc.assert(
      fc.property(submissions, ({ kind, submissions, cvFileName }) => {
        const cvFiles = new Map(submissions.map((submission) => [submission.id, cvFileName]));
        const rows = leadExportTable(kind, submissions, cvFiles);
        const csv = csvOf(rows);
        for (const piece of piecesOf(csv)) expect(startsLikeFormula(piece), JSON.stringify(piece)).toBe(false);
        const read = readCsv(csv);
        expect(read).toHaveLength(submissions.length + 1);
        for (const record of read) expect(record).toHaveLength(rows[0]!.length);
        expect(read).toEqual(rows.map((row) => row.map(neutralised)));
      }),
      { numRuns: 300 },
    );
  });

  it("splits into no piece starting like a formula for any table at all", () => {
    fc.assert(
      fc.property(table, (rows) => {
        for (const piece of piecesOf(csvOf(rows))) expect(startsLikeFormula(piece), JSON.stringify(piece)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
