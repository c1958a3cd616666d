import { Schema } from "effect";

/** A client's key for one checkout (the Idempotency-Key header): generated in the browser, so only its shape can be checked. */
export const CheckoutKey = Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,100}$/)));
const Id = Schema.String.pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(100)));
/** A hold's id as an address carries it (the payment page's way back). */
export const HoldId = Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,100}$/)));
export const isHoldId = Schema.is(HoldId);

/** What the tickets page asks to hold: each type once, a whole number of each (the store checks the rest). */
export const HoldTicketsBody = Schema.Struct({
  lines: Schema.Array(
    Schema.Struct({
      ticketTypeId: Id,
      quantity: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 100 }))),
    }),
  ).pipe(
    Schema.check(
      Schema.isMinLength(1),
      Schema.isMaxLength(20),
      Schema.makeFilter((lines: readonly { readonly ticketTypeId: string }[]) =>
        new Set(lines.map((line) => line.ticketTypeId)).size === lines.length || "each ticket type goes on one line",
      ),
    ),
  ),
});
export type HoldTicketsBody = typeof HoldTicketsBody.Type;

/** A box-office code as typed: letters, digits, spaces and dashes, within reason. */
export const ClaimPurchaseCodeBody = Schema.Struct({
  code: Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9\s-]{4,40}$/))),
});
export type ClaimPurchaseCodeBody = typeof ClaimPurchaseCodeBody.Type;
/** Whether a purchase code has a receipt's shape, before it is sent. */
export const isClaimablePurchaseCode = Schema.is(ClaimPurchaseCodeBody);
