/**
 * Spanish tax ids (NIF, NIE, CIF) with their control characters, as the Agencia Tributaria
 * defines them. A typo in a company's id would make its invoice unusable, so the shape is not enough.
 */
export type SpanishTaxIdKind = "nif" | "nie" | "cif";

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const NIE_PREFIX_DIGITS: Readonly<Record<string, string>> = { X: "0", Y: "1", Z: "2" };
const CIF_CONTROL_LETTERS = "JABCDEFGHI";
/** Organisations whose CIF ends in a letter (non-profits, public bodies, foreign entities). */
const CIF_LETTER_CONTROL = "NPQRSW";
/** Companies whose CIF ends in a digit (sociedades anónimas and limitadas, comunidades de bienes, herencias yacentes). */
const CIF_DIGIT_CONTROL = "ABEH";

const NIF = /^(\d{8})([A-Z])$/;
/** K (under 14), L (non-resident Spaniards), M (foreigners without a NIE): the letter of their 7 digits. */
const SPECIAL_NIF = /^[KLM](\d{7})([A-Z])$/;
const NIE = /^([XYZ])(\d{7})([A-Z])$/;
const CIF = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/;

/** Which kind of valid tax id `value` is, or undefined when it is none. Case-insensitive; spaces and hyphens are ignored. */
export function spanishTaxIdKind(value: string): SpanishTaxIdKind | undefined {
  const id = value.replace(/[\s-]/g, "").toUpperCase();
  const nif = NIF.exec(id) ?? SPECIAL_NIF.exec(id);
  if (nif) return nifLetter(nif[1]!) === nif[2] ? "nif" : undefined;
  const nie = NIE.exec(id);
  if (nie) return nifLetter(NIE_PREFIX_DIGITS[nie[1]!] + nie[2]!) === nie[3] ? "nie" : undefined;
  const cif = CIF.exec(id);
  if (cif) return isCifControl(cif[1]!, cif[2]!, cif[3]!) ? "cif" : undefined;
  return undefined;
}

export function isValidSpanishTaxId(value: string): boolean {
  return spanishTaxIdKind(value) !== undefined;
}

function nifLetter(digits: string): string {
  return NIF_LETTERS[Number(digits) % 23]!;
}

function isCifControl(type: string, digits: string, control: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[index]);
    // Positions 1, 3, 5 and 7 count doubled, with the double's digits added up (14 counts 1 + 4).
    if (index % 2 === 0) sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
    else sum += digit;
  }
  const expected = (10 - (sum % 10)) % 10;
  const asLetter = control === CIF_CONTROL_LETTERS[expected];
  const asDigit = control === String(expected);
  if (CIF_LETTER_CONTROL.includes(type)) return asLetter;
  if (CIF_DIGIT_CONTROL.includes(type)) return asDigit;
  return asLetter || asDigit;
}
