/**
 * A box-office purchase code as the store keeps it: the code printed on the receipt, in capitals,
 * without the spaces and dashes people add when they type it from paper.
 */
export function normalisePurchaseCode(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}
