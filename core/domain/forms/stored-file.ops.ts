import { CV_FILE_KINDS, cvFileKindOf } from "./cv-file.ops";

/** A stored file's id is this many random bytes, base64url-encoded: 22 characters, 128 bits. */
export const STORED_FILE_ID_BYTES = 16;

const STORED_FILE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Unattached uploads (files no submission names yet) the store keeps at most, across every server
 * process and machine: at 5 MB a CV, 200 MB. An anonymous visitor can upload; a form sent names
 * its file within minutes, so a few dozen at once is already a busy day.
 */
export const UNATTACHED_FILES_LIMIT = 40;

/**
 * The places under `limit` that `taken` leaves free, in random order (`randomBelow(n)`: a whole
 * number in [0, n)), so that uploads at once from several processes rarely try the same one first.
 */
export function freePlacesInRandomOrder(limit: number, taken: ReadonlySet<number> | ReadonlyMap<number, unknown>, randomBelow: (n: number) => number): number[] {
  const free = Array.from({ length: limit }, (_, place) => place).filter((place) => !taken.has(place));
  for (let at = free.length - 1; at > 0; at--) {
    const other = randomBelow(at + 1);
    [free[at], free[other]] = [free[other]!, free[at]!];
  }
  return free;
}

/** How long an unattached upload is kept before the server purges it as abandoned. */
export const UNATTACHED_FILE_MAX_AGE_MS = 3 * 60 * 60 * 1000;

/**
 * Whether `id` has the shape of the ids the files port makes. Adapters check it before an id
 * becomes part of a path or an object name, so no id can reach outside their folder.
 */
export function isStoredFileId(id: string): boolean {
  return STORED_FILE_ID.test(id);
}

const MAX_STEM_LENGTH = 100;
const FALLBACK_STEM = "document";

/**
 * A visitor's file name made safe to show and to export under: no folders, no control or
 * invisible characters (U+202E, right-to-left override, makes `cv\u202Efdp.exe` read as `cvexe.pdf`), none
 * of the characters file systems refuse, no leading dots, at most 100 characters before the
 * extension, and the extension of what the content is, whatever the name said.
 */
export function displayFileName(originalName: string, contentType: string): string {
  const base = originalName.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .trim();
  const kind = cvFileKindOf(contentType);
  if (!kind) return stemOf(cleaned) || FALLBACK_STEM;
  return `${stemOf(cleaned.replace(/\.[A-Za-z0-9]{1,5}$/, "")) || FALLBACK_STEM}.${CV_FILE_KINDS[kind].extension}`;
}

/** No leading dots (a hidden file, `..`), cut by code points so that no surrogate pair is split. */
function stemOf(text: string): string {
  return Array.from(text.replace(/^[.\s]+/, "")).slice(0, MAX_STEM_LENGTH).join("").trimEnd();
}
