import { describe, expect, it } from "vitest";
import { isValidSpanishTaxId, spanishTaxIdKind } from "../../../../../core/domain/forms/tax-id.ops";

describe("spanishTaxIdKind", () => {
  it("recognises NIFs by their control letter", () => {
    for (const id of ["12345678Z", "00000000T", "99999999R", "K1234567L", "L0000000T", "M1234567L"]) expect(spanishTaxIdKind(id), id).toBe("nif");
  });

  it("recognises NIEs, X, Y and Z standing for 0, 1 and 2", () => {
    for (const id of ["X1234567L", "Y1234567X", "Z1234567R", "X0000000T"]) expect(spanishTaxIdKind(id), id).toBe("nie");
  });

  it("recognises CIFs by their control digit or letter", () => {
    // A58818501 and Q2826000H are widely published (a company's and a public body's).
    for (const id of ["A58818501", "Q2826000H", "B12345674", "P1234567D", "N1234567D", "W1234567D", "H12345674"]) expect(spanishTaxIdKind(id), id).toBe("cif");
  });

  it("takes either control for the types that allow both", () => {
    for (const id of ["C12345674", "C1234567D", "G12345674", "G1234567D", "V12345674", "V1234567D"]) expect(spanishTaxIdKind(id), id).toBe("cif");
  });

  it("ignores case, spaces and hyphens", () => {
    expect(spanishTaxIdKind("12345678z")).toBe("nif");
    expect(spanishTaxIdKind(" 12 345 678-Z ")).toBe("nif");
    expect(spanishTaxIdKind("x-1234567-l")).toBe("nie");
    expect(spanishTaxIdKind("b-1234567-4")).toBe("cif");
  });

  it("refuses a wrong control character", () => {
    for (const id of ["12345678A", "K1234567A", "X1234567A", "Y1234567L", "A58818502", "Q2826000I", "B12345675"]) {
      expect(spanishTaxIdKind(id), id).toBeUndefined();
    }
  });

  it("refuses the wrong kind of control for the CIF's type", () => {
    // Companies (A, B, E, H) end in a digit; N, P, Q, R, S and W in a letter.
    for (const id of ["B1234567D", "A1234567D", "P12345674", "Q12345674", "S12345674"]) expect(spanishTaxIdKind(id), id).toBeUndefined();
  });

  it("refuses other shapes", () => {
    for (const id of ["", "1234567Z", "123456789Z", "X12345678L", "I12345674", "K12345674", "12.345.678-Z", "12345678Ñ", "１２３４５６７８Z", "B1234567"]) {
      expect(spanishTaxIdKind(id), id).toBeUndefined();
    }
  });
});

describe("isValidSpanishTaxId", () => {
  it("says whether any kind matched", () => {
    expect(isValidSpanishTaxId("12345678Z")).toBe(true);
    expect(isValidSpanishTaxId("A58818501")).toBe(true);
    expect(isValidSpanishTaxId("A58818500")).toBe(false);
  });
});
