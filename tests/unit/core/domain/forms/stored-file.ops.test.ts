import { describe, expect, it } from "vitest";
import { displayFileName, freePlacesInRandomOrder, isStoredFileId } from "../../../../../core/domain/forms/stored-file.ops";

const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

describe("isStoredFileId", () => {
  it("takes 22 base64url characters and nothing else", () => {
    expect(isStoredFileId("AbCdEfGhIjKlMnOpQr-_09")).toBe(true);
    for (const id of ["", "AbCdEfGhIjKlMnOpQr-_0", "AbCdEfGhIjKlMnOpQr-_09x", "AbCdEfGhIjKlMnOpQr/_09", "../../../../etc/passwd", "AbCdEfGhIjKlMnOpQr+_09", "AbCdEfGhIjKlMnOpQr-_0\n"]) {
      expect(isStoredFileId(id), JSON.stringify(id)).toBe(false);
    }
  });
});

describe("displayFileName", () => {
  it("keeps a plain name, accents and all", () => {
    expect(displayFileName("Currículum Núria.pdf", PDF)).toBe("Currículum Núria.pdf");
  });

  it("drops folders, whatever the separator", () => {
    expect(displayFileName("../../etc/cv.pdf", PDF)).toBe("cv.pdf");
    expect(displayFileName("C:\\fakepath\\cv.pdf", PDF)).toBe("cv.pdf");
  });

  it("drops control and invisible characters, so a name cannot pretend to another extension", () => {
    expect(displayFileName("cv\u202Efdp.exe", PDF)).toBe("cvfdp.pdf");
    expect(displayFileName("c\u0000v\r\n\u200B.pdf", PDF)).toBe("cv.pdf");
  });

  it("gives the extension of what the content is", () => {
    expect(displayFileName("cv.exe", PDF)).toBe("cv.pdf");
    expect(displayFileName("cv.PDF", PDF)).toBe("cv.pdf");
    expect(displayFileName("cv.doc", DOCX)).toBe("cv.docx");
    expect(displayFileName("my.cv.2031", PDF)).toBe("my.cv.pdf");
    expect(displayFileName("cv", PDF)).toBe("cv.pdf");
  });

  it("takes out what file systems refuse, hidden-file dots and extra spaces", () => {
    expect(displayFileName('a<b>c:d"e|f?g*h.pdf', PDF)).toBe("a_b_c_d_e_f_g_h.pdf");
    expect(displayFileName("...hidden.pdf", PDF)).toBe("hidden.pdf");
    expect(displayFileName("  my    cv  .pdf", PDF)).toBe("my cv.pdf");
  });

  it("names a file that has no usable name", () => {
    expect(displayFileName("", PDF)).toBe("document.pdf");
    expect(displayFileName("../", PDF)).toBe("document.pdf");
    expect(displayFileName(".pdf", PDF)).toBe("document.pdf");
    expect(displayFileName("\u202E", "application/octet-stream")).toBe("document");
  });

  it("keeps at most 100 characters before the extension, never splitting a character", () => {
    expect(displayFileName(`${"a".repeat(300)}.pdf`, PDF)).toBe(`${"a".repeat(100)}.pdf`);
    const emoji = displayFileName(`${"😀".repeat(150)}.pdf`, PDF);
    expect(emoji).toBe(`${"😀".repeat(100)}.pdf`);
  });
});

describe("freePlacesInRandomOrder", () => {
  it("lists every place the taken ones leave free, once, in the order the random numbers make", () => {
    const taken = new Set([1, 4]);
    expect(freePlacesInRandomOrder(6, taken, () => 0)).toEqual([2, 3, 5, 0]);
    for (const pick of [0, 1, 2]) {
      const free = freePlacesInRandomOrder(6, new Map([[1, "a"], [4, "b"]]), (n) => Math.min(pick, n - 1));
      expect([...free].sort()).toEqual([0, 2, 3, 5]);
    }
    expect(freePlacesInRandomOrder(3, new Set([0, 1, 2]), () => 0)).toEqual([]);
  });
});
