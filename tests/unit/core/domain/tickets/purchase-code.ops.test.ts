import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { normalisePurchaseCode, purchaseCodeCandidates, purchaseCodeOf } from "../../../../../core/domain/tickets/purchase-code.ops";

describe("purchaseCodeOf", () => {
  it("makes 12 characters of Crockford's base 32 in groups of four: 60 bits, none of I, L, O or U", () => {
    expect(purchaseCodeOf(new Uint8Array(8))).toBe("0000-0000-0000");
    expect(purchaseCodeOf(new Uint8Array(8).fill(255))).toBe("ZZZZ-ZZZZ-ZZZZ");
    const codes = Array.from({ length: 2000 }, () => purchaseCodeOf(randomBytes(8)));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet comes up: the 60 bits are spread over all twelve.
    expect(new Set(codes.join("").replace(/-/g, "")).size).toBe(32);
  });

  it("refuses fewer than 8 random bytes", () => {
    expect(() => purchaseCodeOf(new Uint8Array(7))).toThrow(RangeError);
  });
});

describe("what a buyer types", () => {
  it("is the code without spaces or dashes, in capitals", () => {
    expect(normalisePurchaseCode(" 7kq2-99xm 4zrt ")).toBe("7KQ299XM4ZRT");
  });

  it("is tried as typed, then as Crockford reads it (O as 0, I and L as 1), so older codes with those letters stay claimable", () => {
    expect(purchaseCodeCandidates("7kq2-99xm-4zrt")).toEqual(["7KQ299XM4ZRT"]);
    expect(purchaseCodeCandidates("box-4kq 7z")).toEqual(["BOX4KQ7Z", "B0X4KQ7Z"]);
    expect(purchaseCodeCandidates("l0O1-I")).toEqual(["L0O1I", "10011"]);
  });
});
