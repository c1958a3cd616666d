import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadsUsageError, monthsBefore, parseLeadsArguments, purgeLeads, runLeadsCommand, type LeadsPorts } from "../../../../adapters/cli/leads-commands";
import { openDatabase, type SqliteDatabase } from "../../../../adapters/embedded/database/open-database";
import { createDiskFiles } from "../../../../adapters/embedded/files/disk-files.adapter";
import { createSqliteFormInbox } from "../../../../adapters/embedded/forms/sqlite-form-inbox.adapter";
import { csvOf, leadExportTable, type FilesPort, type LeadFormKind, type LeadSubmission } from "../../../../core";
import { docxFile, pdfFile } from "../../support/cv-files";

describe("parseLeadsArguments", () => {
  it("reads an export's kind, days and folder, with ./exports and no bounds by default", () => {
    expect(parseLeadsArguments(["export", "--type", "hospitality", "--since", "2026-01-01", "--until=2026-03-31", "--out", "/srv/leads"])).toEqual({
      command: "export",
      kind: "hospitality",
      since: "2026-01-01",
      until: "2026-03-31",
      outDir: "/srv/leads",
    });
    expect(parseLeadsArguments(["export", "--type=job-application"])).toEqual({ command: "export", kind: "job-application", since: undefined, until: undefined, outDir: "exports" });
  });

  it("reads a purge, and its dry run", () => {
    expect(parseLeadsArguments(["purge"])).toEqual({ command: "purge", dryRun: false });
    expect(parseLeadsArguments(["purge", "--dry-run"])).toEqual({ command: "purge", dryRun: true });
  });

  it("refuses what it cannot run with a message that says why", () => {
    const refusals: [string[], RegExp][] = [
      [[], /No command given/],
      [["exprot", "--type", "contact"], /Unknown command "exprot"/],
      [["export"], /--type is required/],
      [["export", "--type", "sponsors"], /--type must be one of contact, hospitality, newsletter, job-application, not "sponsors"/],
      [["export", "--type"], /--type/],
      [["export", "--type", "contact", "--since", "01/01/2026"], /--since must be a day as YYYY-MM-DD, not "01\/01\/2026"/],
      [["export", "--type", "contact", "--until", "2026-02-30"], /--until must be a day/],
      [["export", "--type", "contact", "--since", "2026-03-01", "--until", "2026-02-01"], /--since \(2026-03-01\) is after --until \(2026-02-01\)/],
      [["export", "--type", "contact", "--out", ""], /--out must name a folder/],
      [["export", "--type", "contact", "--format", "xlsx"], /Unknown option '--format'/],
      [["purge", "--dry-run", "now"], /Unexpected argument 'now'/],
      [["purge", "--months", "12"], /Unknown option '--months'/],
    ];
    for (const [argv, message] of refusals) {
      expect(() => parseLeadsArguments(argv), argv.join(" ")).toThrow(LeadsUsageError);
      expect(() => parseLeadsArguments(argv), argv.join(" ")).toThrow(message);
    }
  });
});

describe("monthsBefore", () => {
  it("goes back whole calendar months at the same time of day, across years", () => {
    expect(monthsBefore(new Date("2026-05-15T09:30:00.000Z"), 24).toISOString()).toBe("2024-05-15T09:30:00.000Z");
    expect(monthsBefore(new Date("2026-01-10T00:00:00.000Z"), 3).toISOString()).toBe("2025-10-10T00:00:00.000Z");
  });

  it("lands on the earlier month's last day when it lacks the day", () => {
    expect(monthsBefore(new Date("2026-03-31T12:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(monthsBefore(new Date("2024-03-31T12:00:00.000Z"), 1).toISOString()).toBe("2024-02-29T12:00:00.000Z");
    expect(monthsBefore(new Date("2028-02-29T12:00:00.000Z"), 12).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(monthsBefore(new Date("2026-01-31T12:00:00.000Z"), 2).toISOString()).toBe("2025-11-30T12:00:00.000Z");
  });
});

// The real embedded stores, in a folder of their own per test.
const NOW = new Date("2026-05-15T09:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;

let folder: string;
let db: SqliteDatabase;
let ports: LeadsPorts;
/** The files store, saving as if it were `at`. */
let filesAt: (at: number) => FilesPort;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "arena-leads-"));
  db = openDatabase(join(folder, "data"));
  filesAt = (at) => createDiskFiles({ directory: join(folder, "data", "files"), now: () => at });
  ports = { inbox: createSqliteFormInbox(db), files: filesAt(NOW.getTime()) };
});
afterEach(async () => {
  db.close();
  await rm(folder, { recursive: true, force: true });
});

let made = 0;
async function storeLead(kind: LeadFormKind, submittedAt: string, fields: LeadSubmission["fields"] = {}): Promise<LeadSubmission> {
  made++;
  const submission: LeadSubmission = {
    id: `0b6c1e52-6d1f-4c3a-9e7b-${String(made).padStart(12, "0")}`,
    kind,
    fields: { name: "Núria", surname: "Puig", email: "nuria@example.com", phone: "+34 600 000 000", privacyPolicy: true, ...fields },
    consents: [{ kind: "privacyPolicy", textVersion: "2026-01", acceptedAt: submittedAt }],
    locale: "val",
    submittedAt,
    userId: null,
    idempotencyKey: `key-${made}`,
    fingerprint: `fingerprint-${made}`,
  };
  await ports.inbox.store(submission);
  return submission;
}

const cvOf = (bytes: Uint8Array, contentType: string, at = NOW.getTime()) => filesAt(at).save({ bytes, contentType, originalName: "cv", purpose: "cv" });
const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The export's text without its byte-order mark. */
async function csvAt(path: string): Promise<string> {
  const text = await readFile(path, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1);
}

/** A record's cells, for records whose cells hold no `","` (every cell is quoted). */
const cellsOf = (line: string) => line.slice(1, -1).split('","');

const referencesIn = (csv: string) =>
  csv
    .split("\r\n")
    .slice(1, -1)
    .map((line) => cellsOf(line)[0]);

describe("export", () => {
  it("writes one kind's leads from --since to --until, both days included, oldest first, readable by its owner only", async () => {
    await storeLead("hospitality", "2025-12-31T23:59:59.999Z");
    const first = await storeLead("hospitality", "2026-01-01T00:00:00.000Z", { companyName: "Llum, S.L.", message: "=HYPERLINK(\"http://evil.example\")" });
    await storeLead("contact", "2026-02-01T10:00:00.000Z");
    const last = await storeLead("hospitality", "2026-03-31T23:59:59.999Z");
    await storeLead("hospitality", "2026-04-01T00:00:00.000Z");
    const out = join(folder, "exports");

    const said = await runLeadsCommand({ command: "export", kind: "hospitality", since: "2026-01-01", until: "2026-03-31", outDir: out }, ports, { now: NOW, retentionMonths: 24 });

    const csvFile = join(out, "leads-hospitality-2026-01-01-2026-03-31.csv");
    expect(said).toBe(`Wrote ${csvFile}: 2 submissions`);
    const csv = await csvAt(csvFile);
    expect(csv).toBe(csvOf(leadExportTable("hospitality", [first, last])));
    expect(referencesIn(csv)).toEqual([first.id, last.id]);
    expect(csv).toContain(`,"'+34 600 000 000","Llum, S.L.",`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect((await stat(csvFile)).mode & 0o777).toBe(0o600);
    expect((await stat(out)).mode & 0o777).toBe(0o700);
  });

  it("takes everything up to today without bounds, and names the file so", async () => {
    const old = await storeLead("contact", "2019-06-01T08:00:00.000Z");
    const recent = await storeLead("contact", "2026-05-15T08:59:00.000Z");
    const out = join(folder, "exports");

    const said = await runLeadsCommand({ command: "export", kind: "contact", since: undefined, until: undefined, outDir: out }, ports, { now: NOW, retentionMonths: 24 });

    expect(said).toBe(`Wrote ${join(out, "leads-contact-start-2026-05-15.csv")}: 2 submissions`);
    expect(referencesIn(await csvAt(join(out, "leads-contact-start-2026-05-15.csv")))).toEqual([old.id, recent.id]);
    expect(await readdir(out)).toEqual(["leads-contact-start-2026-05-15.csv"]);
  });

  it("copies each job application's CV out of the files store as cv/<reference>.<ext> and names it in the CSV", async () => {
    const pdf = await cvOf(pdfFile(), PDF);
    const docx = await cvOf(docxFile(), DOCX);
    const withPdf = await storeLead("job-application", "2026-02-01T10:00:00.000Z", { cv: pdf.id });
    const withDocx = await storeLead("job-application", "2026-02-02T10:00:00.000Z", { cv: docx.id });
    const withoutFile = await storeLead("job-application", "2026-02-03T10:00:00.000Z", { cv: "AAAAAAAAAAAAAAAAAAAAAA" });
    const out = join(folder, "exports");

    const said = await runLeadsCommand({ command: "export", kind: "job-application", since: "2026-02-01", until: "2026-02-28", outDir: out }, ports, { now: NOW, retentionMonths: 24 });

    const csvFile = join(out, "leads-job-application-2026-02-01-2026-02-28.csv");
    expect(said).toBe(`Wrote ${csvFile}: 3 submissions, 2 CVs in ${join(out, "cv")}\nNo CV file for: ${withoutFile.id}`);
    expect((await readdir(join(out, "cv"))).sort()).toEqual([`${withDocx.id}.docx`, `${withPdf.id}.pdf`].sort());
    expect(new Uint8Array(await readFile(join(out, "cv", `${withPdf.id}.pdf`)))).toEqual(pdfFile());
    expect(new Uint8Array(await readFile(join(out, "cv", `${withDocx.id}.docx`)))).toEqual(docxFile());
    expect((await stat(join(out, "cv", `${withPdf.id}.pdf`))).mode & 0o777).toBe(0o600);
    const lastColumn = (await csvAt(csvFile))
      .split("\r\n")
      .slice(0, -1)
      .map((line) => cellsOf(line).at(-1));
    expect(lastColumn).toEqual(["CV file", `cv/${withPdf.id}.pdf`, `cv/${withDocx.id}.docx`, ""]);
  });
});

describe("purge", () => {
  // LEADS_RETENTION_MONTHS=24 on 15 May 2026: what was sent before 15 May 2024, 09:00 UTC goes.
  const CUTOFF = "2024-05-15T09:00:00.000Z";

  async function seed() {
    const expiredCv = await cvOf(pdfFile(), PDF, Date.parse("2024-05-14T09:00:00.000Z"));
    const keptCv = await cvOf(pdfFile(), PDF, Date.parse("2024-05-15T08:00:00.000Z"));
    const recentCv = await cvOf(pdfFile(), PDF, NOW.getTime() - 60_000);
    const abandoned = await cvOf(pdfFile(), PDF, NOW.getTime() - 2 * DAY_MS);
    const freshUpload = await cvOf(pdfFile(), PDF, NOW.getTime() - DAY_MS + 60_000);
    const expired = [
      await storeLead("job-application", "2024-05-15T08:59:59.999Z", { cv: expiredCv.id }),
      await storeLead("contact", "2023-01-01T00:00:00.000Z"),
    ];
    const kept = [await storeLead("job-application", CUTOFF, { cv: keptCv.id }), await storeLead("job-application", "2026-05-15T08:59:00.000Z", { cv: recentCv.id })];
    return { expired, kept, expiredCv, keptCv, recentCv, abandoned, freshUpload };
  }

  it("deletes the submissions older than the retention period, the CVs they named and uploads abandoned for a day; keeps the rest", async () => {
    const { kept, keptCv, recentCv, freshUpload } = await seed();

    const said = await runLeadsCommand({ command: "purge", dryRun: false }, ports, { now: NOW, retentionMonths: 24 });

    expect(said).toBe(`Deleted 2 submissions sent before ${CUTOFF}, 1 CV of theirs and 1 abandoned upload`);
    expect((await ports.inbox.list({})).map((submission) => submission.id)).toEqual(kept.map((submission) => submission.id));
    expect((await ports.files.list({})).map((file) => file.id).sort()).toEqual([keptCv.id, recentCv.id, freshUpload.id].sort());
  });

  it("only counts on a dry run", async () => {
    const { expired, kept } = await seed();
    const filesBefore = await ports.files.list({});

    const report = await purgeLeads(ports, { now: NOW, retentionMonths: 24, dryRun: true });

    expect(report).toEqual({ cutoff: CUTOFF, submissions: 2, cvs: 1, abandonedUploads: 1 });
    expect((await ports.inbox.list({})).map((submission) => submission.id).sort()).toEqual([...expired, ...kept].map((submission) => submission.id).sort());
    expect(await ports.files.list({})).toEqual(filesBefore);
    expect(await runLeadsCommand({ command: "purge", dryRun: true }, ports, { now: NOW, retentionMonths: 24 })).toBe(`Would delete 2 submissions sent before ${CUTOFF}, 1 CV of theirs and 1 abandoned upload`);
  });

  it("goes by the configured number of months", async () => {
    await seed();
    expect(await purgeLeads(ports, { now: NOW, retentionMonths: 1, dryRun: true })).toEqual({ cutoff: "2026-04-15T09:00:00.000Z", submissions: 3, cvs: 2, abandonedUploads: 1 });
  });
});
