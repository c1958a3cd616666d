import { describe, expect, it } from "vitest";
import { CV_FILE_KINDS, CV_FILE_RULES, cvFileKindOf, recogniseCvFile } from "../../../../../core/domain/forms/cv-file.ops";
import { docFile, docxFile, pdfFile, pngFile, zipFile } from "../../../support/cv-files";

const PART = "word/document.xml";

/** Where the Word part's name occurs: in both headers, and in the package's own XML too. */
function* namesIn(bytes: Buffer): Generator<number> {
  for (let at = bytes.indexOf(PART); at !== -1; at = bytes.indexOf(PART, at + 1)) yield at;
}

describe("recogniseCvFile", () => {
  it("knows a PDF, a Word 97–2003 document and a Word package by their bytes", () => {
    expect(recogniseCvFile(pdfFile())).toEqual({ kind: "pdf", contentType: "application/pdf", extension: "pdf" });
    expect(recogniseCvFile(docFile())).toEqual({ kind: "doc", contentType: "application/msword", extension: "doc" });
    expect(recogniseCvFile(docxFile())).toEqual({
      kind: "docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      extension: "docx",
    });
  });

  it("finds the Word part by its local header or by the central directory, either alone", () => {
    const docx = Buffer.from(docxFile());
    const headerNames = (signature: number, nameAt: number) =>
      [...namesIn(docx)].filter((offset) => offset >= nameAt && docx.readUInt32LE(offset - nameAt) === signature);
    const [local] = headerNames(0x04034b50, 30);
    const [central] = headerNames(0x02014b50, 46);
    expect(local).toBeDefined();
    expect(central).toBeDefined();
    for (const kept of [local!, central!]) {
      const blanked = Buffer.from(docx);
      blanked.fill(0x5f, kept === local ? central! : local!, (kept === local ? central! : local!) + PART.length);
      expect(recogniseCvFile(blanked)?.kind).toBe("docx");
    }
  });

  it("refuses what only looks like a CV", () => {
    expect(recogniseCvFile(pngFile())).toBeUndefined();
    expect(recogniseCvFile(new Uint8Array(0))).toBeUndefined();
    expect(recogniseCvFile(new TextEncoder().encode("%PDF"))).toBeUndefined();
    expect(recogniseCvFile(new TextEncoder().encode(" %PDF-1.4"))).toBeUndefined();
    expect(recogniseCvFile(new TextEncoder().encode("<html>%PDF-1.4"))).toBeUndefined();
    expect(recogniseCvFile(docFile().slice(0, 7))).toBeUndefined();
    // Other ZIPs: a spreadsheet, and one that only mentions the Word part in an entry's content.
    expect(recogniseCvFile(zipFile({ "xl/workbook.xml": "<workbook/>" }))).toBeUndefined();
    expect(recogniseCvFile(zipFile({ "readme.txt": "see word/document.xml" }))).toBeUndefined();
    expect(recogniseCvFile(zipFile({ "word/document.xml.bak": "<w:document/>" }))).toBeUndefined();
    // The Word part's name with no ZIP around it.
    expect(recogniseCvFile(new TextEncoder().encode("word/document.xml"))).toBeUndefined();
  });

  it("takes a truncated header calmly", () => {
    const docx = docxFile();
    for (const length of [4, 26, 27, 30, 40]) expect(recogniseCvFile(docx.slice(0, length)), String(length)).toBeUndefined();
  });
});

describe("CV file rules", () => {
  it("take PDF, DOC and DOCX up to 5 MB", () => {
    expect(CV_FILE_RULES).toEqual({ maxBytes: 5_242_880, kinds: ["pdf", "doc", "docx"] });
  });

  it("tell a stored file's kind from its content type", () => {
    for (const kind of CV_FILE_RULES.kinds) expect(cvFileKindOf(CV_FILE_KINDS[kind].contentType)).toBe(kind);
    expect(cvFileKindOf("image/png")).toBeUndefined();
  });
});
