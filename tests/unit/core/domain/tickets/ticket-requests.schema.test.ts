import { describe, expect, it } from "vitest";
import { isClaimablePurchaseCode } from "../../../../../core/domain/tickets/ticket-requests.schema";

describe("isClaimablePurchaseCode", () => {
  it("takes a receipt's code: 4 to 40 letters, digits, spaces and hyphens", () => {
    for (const code of ["TA1-7KQ2-99XM", "abcd", "TA1 7KQ2", "x".repeat(40)]) expect(isClaimablePurchaseCode({ code }), code).toBe(true);
  });

  it("refuses anything else before it is sent", () => {
    for (const code of ["", "abc", "x".repeat(41), "TA1_7KQ2", "código", "<script>"]) expect(isClaimablePurchaseCode({ code }), code).toBe(false);
    expect(isClaimablePurchaseCode({})).toBe(false);
  });
});
