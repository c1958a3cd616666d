/** The file kinds a CV may be, with the type and extension the site stores and exports them under. */
export const CV_FILE_KINDS = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  doc: { contentType: "application/msword", extension: "doc" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
} as const;

export type CvFileKind = keyof typeof CV_FILE_KINDS;

/** SPEC §5: a CV is a PDF, DOC or DOCX file of at most 5 MB. */
export const CV_FILE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  kinds: ["pdf", "doc", "docx"],
} as const satisfies { readonly maxBytes: number; readonly kinds: readonly CvFileKind[] };

export interface RecognisedCvFile {
  readonly kind: CvFileKind;
  readonly contentType: (typeof CV_FILE_KINDS)[CvFileKind]["contentType"];
  readonly extension: CvFileKind;
}

const PDF_SIGNATURE = bytesOf("%PDF-");
/** The OLE2 compound file that Word 97–2003 documents are stored in. */
const OLE2_SIGNATURE = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const ZIP_LOCAL_HEADER = Uint8Array.of(0x50, 0x4b, 0x03, 0x04);
const ZIP_CENTRAL_HEADER = Uint8Array.of(0x50, 0x4b, 0x01, 0x02);
/** The part every Word document package has (ECMA-376 Part 2). */
const DOCX_MAIN_PART = bytesOf("word/document.xml");

/**
 * What a file is by its content, never by its name or the browser's guess: a PDF, a Word 97–2003
 * compound file, or a ZIP package that holds `word/document.xml` (any other ZIP is not a CV).
 * Give it the whole file: a ZIP's entry names may be anywhere in it.
 */
export function recogniseCvFile(bytes: Uint8Array): RecognisedCvFile | undefined {
  if (startsWith(bytes, PDF_SIGNATURE, 0)) return recognised("pdf");
  if (startsWith(bytes, OLE2_SIGNATURE, 0)) return recognised("doc");
  if (startsWith(bytes, ZIP_LOCAL_HEADER, 0) && hasZipEntry(bytes, DOCX_MAIN_PART)) return recognised("docx");
  return undefined;
}

/** The kind whose content type this is, for a file stored earlier. */
export function cvFileKindOf(contentType: string): CvFileKind | undefined {
  return (Object.keys(CV_FILE_KINDS) as CvFileKind[]).find((kind) => CV_FILE_KINDS[kind].contentType === contentType);
}

function recognised(kind: CvFileKind): RecognisedCvFile {
  return { kind, contentType: CV_FILE_KINDS[kind].contentType, extension: kind };
}

/**
 * Whether a local or central-directory header names `name`. Headers are found by signature rather
 * than walked one after the other: an entry written with a data descriptor has no size to skip by.
 */
function hasZipEntry(bytes: Uint8Array, name: Uint8Array): boolean {
  for (let offset = 0; offset + 4 <= bytes.length; offset++) {
    if (bytes[offset] !== 0x50 || bytes[offset + 1] !== 0x4b) continue;
    if (startsWith(bytes, ZIP_LOCAL_HEADER, offset) && namedAt(bytes, offset + 26, offset + 30, name)) return true;
    if (startsWith(bytes, ZIP_CENTRAL_HEADER, offset) && namedAt(bytes, offset + 28, offset + 46, name)) return true;
  }
  return false;
}

/** Whether the header whose name length is at `lengthAt` has `name` at `nameAt`. */
function namedAt(bytes: Uint8Array, lengthAt: number, nameAt: number, name: Uint8Array): boolean {
  if (lengthAt + 2 > bytes.length) return false;
  const length = bytes[lengthAt]! | (bytes[lengthAt + 1]! << 8);
  return length === name.length && startsWith(bytes, name, nameAt);
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array, offset: number): boolean {
  if (offset + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[offset + i] !== prefix[i]) return false;
  return true;
}

function bytesOf(ascii: string): Uint8Array {
  return Uint8Array.from(ascii, (char) => char.charCodeAt(0));
}
