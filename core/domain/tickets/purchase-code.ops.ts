import { ticketCodeOf } from "./ticket-order.ops";

/**
 * A new box-office purchase code from random bytes (at least 8): 12 characters of Crockford's
 * base 32, 60 bits, printed on the receipt in groups of four ("7KQ2-99XM-4ZRT"). Guessing one
 * among a million sold takes about 2^40 tries, against a few tries per account and address a
 * quarter of an hour (the claim's rate limits).
 */
export function purchaseCodeOf(randomBytes: Uint8Array): string {
  return ticketCodeOf(randomBytes).replace(/(.{4})(?!$)/g, "$1-");
}

/**
 * A box-office purchase code as the store keeps it: the code printed on the receipt, in capitals,
 * without the spaces and dashes people add when they type it from paper.
 */
export function normalisePurchaseCode(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}

/**
 * The stored codes a typed code may mean, in the order to try them: as typed (normalised), then
 * read as Crockford's base 32 does (O as 0, I and L as 1), since the receipt never has those letters
 * — but codes issued before these (any letters) are claimed as typed.
 */
export function purchaseCodeCandidates(typed: string): readonly string[] {
  const asTyped = normalisePurchaseCode(typed);
  const asCrockford = asTyped.replace(/O/g, "0").replace(/[IL]/g, "1");
  return asCrockford === asTyped ? [asTyped] : [asTyped, asCrockford];
}
