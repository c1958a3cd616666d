// A driving adapter, like adapters/http: the staff's commands work the ports from a terminal and never
// read the environment; composition/leads-cli.ts picks the stores and the settings.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { CV_FILE_KINDS, LEAD_FORM_KINDS, csvOf, cvFileKindOf, leadExportTable, type FilesPort, type FormInboxPort, type LeadFormKind, type LeadSubmission } from "../../core";

export const LEADS_USAGE = `Usage:
  npm run leads:export -- --type <${LEAD_FORM_KINDS.join("|")}> [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--out <folder>]
  npm run leads:purge [-- --dry-run]

  --since, --until  the first and the last day to export, both included (UTC); default: from the first lead to today
  --out             where the CSV (and, for job applications, the CVs in cv/) go; default: ./exports
  --dry-run         count what the retention period (LEADS_RETENTION_MONTHS) would delete, delete nothing`;

export class LeadsUsageError extends Error {
  override readonly name = "LeadsUsageError";
}

export interface LeadsExport {
  readonly command: "export";
  readonly kind: LeadFormKind;
  /** Days as YYYY-MM-DD, both included. */
  readonly since: string | undefined;
  readonly until: string | undefined;
  readonly outDir: string;
}

export interface LeadsPurge {
  readonly command: "purge";
  readonly dryRun: boolean;
}

export type LeadsCommand = LeadsExport | LeadsPurge;

export interface LeadsPorts {
  readonly inbox: FormInboxPort;
  readonly files: FilesPort;
}

export interface LeadsSettings {
  readonly now: Date;
  readonly retentionMonths: number;
}

/** The command in `argv` (what follows `node scripts/leads.mjs`); a LeadsUsageError says what is wrong with it. */
export function parseLeadsArguments(argv: readonly string[]): LeadsCommand {
  const [command, ...args] = argv;
  if (command === "export") {
    const { values } = parse(args, { type: { type: "string" }, since: { type: "string" }, until: { type: "string" }, out: { type: "string" } });
    const kind = LEAD_FORM_KINDS.find((known) => known === values.type);
    if (!kind) throw new LeadsUsageError(values.type === undefined ? "--type is required" : `--type must be one of ${LEAD_FORM_KINDS.join(", ")}, not "${values.type}"`);
    const since = dayOf("since", values.since);
    const until = dayOf("until", values.until);
    if (since && until && since > until) throw new LeadsUsageError(`--since (${since}) is after --until (${until})`);
    if (values.out === "") throw new LeadsUsageError("--out must name a folder");
    return { command, kind, since, until, outDir: values.out ?? "exports" };
  }
  if (command === "purge") {
    const { values } = parse(args, { "dry-run": { type: "boolean" } });
    return { command, dryRun: values["dry-run"] ?? false };
  }
  throw new LeadsUsageError(command === undefined ? "No command given" : `Unknown command "${command}"`);
}

function parse<Options extends NonNullable<ParseArgsConfig["options"]>>(args: readonly string[], options: Options) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new LeadsUsageError((error as Error).message);
  }
}

function dayOf(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // The round trip refuses days that Date would roll over, such as 2026-02-30.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new LeadsUsageError(`--${option} must be a day as YYYY-MM-DD, not "${value}"`);
  }
  return value;
}

/** Runs one command and answers what it did, in a line or two for the terminal. */
export async function runLeadsCommand(command: LeadsCommand, ports: LeadsPorts, settings: LeadsSettings): Promise<string> {
  if (command.command === "export") {
    const report = await exportLeads(ports, command, settings.now);
    const cvs = command.kind === "job-application" ? `, ${count(report.cvs, "CV")} in ${join(command.outDir, "cv")}` : "";
    const missing = report.missingCvs.length > 0 ? `\nNo CV file for: ${report.missingCvs.join(", ")}` : "";
    return `Wrote ${report.csvFile}: ${count(report.submissions, "submission")}${cvs}${missing}`;
  }
  const report = await purgeLeads(ports, { ...settings, dryRun: command.dryRun });
  const what = `${count(report.submissions, "submission")} sent before ${report.cutoff}, ${count(report.cvs, "CV")} of theirs and ${count(report.abandonedUploads, "abandoned upload")}`;
  return `${command.dryRun ? "Would delete" : "Deleted"} ${what}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export interface LeadsExportReport {
  readonly csvFile: string;
  readonly submissions: number;
  readonly cvs: number;
  /** References of job applications whose CV is no longer in the files store. */
  readonly missingCvs: readonly string[];
}

// The server's references are UUIDs: nothing else becomes part of a path.
const FILE_NAME_SAFE_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Writes one kind's leads to `<outDir>/leads-<kind>-<since>-<until>.csv` and, for job applications,
 * copies each CV to `<outDir>/cv/<reference>.<ext>`: the only way out of the files store. Both are
 * readable by the staff member's user only: they hold personal data.
 */
export async function exportLeads(ports: LeadsPorts, { kind, since, until, outDir }: LeadsExport, now: Date): Promise<LeadsExportReport> {
  const submissions = await ports.inbox.list({ kind, since: since && `${since}T00:00:00.000Z`, until: until && dayAfter(until) });
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const cvFiles = new Map<string, string>();
  const missingCvs: string[] = [];
  if (kind === "job-application") {
    await mkdir(join(outDir, "cv"), { recursive: true, mode: 0o700 });
    for (const submission of submissions) {
      const stored = typeof submission.fields.cv === "string" ? await ports.files.read(submission.fields.cv) : undefined;
      if (!stored) {
        missingCvs.push(submission.id);
        continue;
      }
      if (!FILE_NAME_SAFE_REFERENCE.test(submission.id)) throw new Error(`The reference ${JSON.stringify(submission.id)} cannot name a file`);
      const kindOfFile = cvFileKindOf(stored.file.contentType);
      const name = `cv/${submission.id}.${kindOfFile ? CV_FILE_KINDS[kindOfFile].extension : "bin"}`;
      await writeFile(join(outDir, name), stored.bytes, { mode: 0o600 });
      cvFiles.set(submission.id, name);
    }
  }
  const csvFile = join(outDir, `leads-${kind}-${since ?? "start"}-${until ?? now.toISOString().slice(0, 10)}.csv`);
  // The byte-order mark makes Excel read the file as UTF-8 (accents, ñ) instead of the system's code page.
  await writeFile(csvFile, `\uFEFF${csvOf(leadExportTable(kind, submissions, cvFiles))}`, { mode: 0o600 });
  return { csvFile, submissions: submissions.length, cvs: cvFiles.size, missingCvs };
}

function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

export interface LeadsPurgeReport {
  /** ISO 8601: submissions sent before it were (or would be) deleted. */
  readonly cutoff: string;
  readonly submissions: number;
  readonly cvs: number;
  readonly abandonedUploads: number;
}

/** An upload not attached to any submission by then was abandoned: the form is sent right after it. */
const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Retention: deletes the submissions older than `retentionMonths`, the CVs they name, and CVs older
 * than a day that no submission names. A run stopped between the two steps leaves CVs that no
 * submission names, which the next run deletes as abandoned. `dryRun` only counts.
 */
export async function purgeLeads(ports: LeadsPorts, { now, retentionMonths, dryRun }: LeadsSettings & { readonly dryRun: boolean }): Promise<LeadsPurgeReport> {
  const cutoff = monthsBefore(now, retentionMonths).toISOString();
  const expired = dryRun ? await ports.inbox.list({ until: cutoff }) : await ports.inbox.purge(cutoff);
  const expiredCvs = cvIdsOf(expired);
  const attached = new Set([...expiredCvs, ...cvIdsOf(await ports.inbox.list({ kind: "job-application" }))]);
  const abandoned = (await ports.files.list({ storedBefore: now.getTime() - ABANDONED_UPLOAD_AGE_MS })).filter((file) => !attached.has(file.id));
  if (!dryRun) {
    for (const id of [...expiredCvs, ...abandoned.map((file) => file.id)]) await ports.files.delete(id);
  }
  return { cutoff, submissions: expired.length, cvs: expiredCvs.length, abandonedUploads: abandoned.length };
}

function cvIdsOf(submissions: readonly LeadSubmission[]): string[] {
  return submissions.flatMap((submission) => (typeof submission.fields.cv === "string" ? [submission.fields.cv] : []));
}

/**
 * The instant `months` calendar months before `instant` (UTC), at the same time of day; a day the
 * earlier month lacks becomes its last day: 31 March less one month is 28 (or 29) February.
 */
export function monthsBefore(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const earlier = new Date(instant);
  earlier.setUTCFullYear(year, month, Math.min(instant.getUTCDate(), lastDay));
  return earlier;
}
