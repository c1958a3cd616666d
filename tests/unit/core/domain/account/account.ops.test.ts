import { describe, expect, it } from "vitest";
import { accountStanding } from "../../../../../core/domain/account/account.ops";

describe("accountStanding (SPEC §4, §6)", () => {
  const ana = { uid: "u1", email: "ana@arena.test", displayName: "Ana" };

  it("is signed out without a user", () => {
    expect(accountStanding(null)).toBe("signedOut");
  });

  it("is pending until the provider says the email is verified", () => {
    expect(accountStanding({ ...ana, emailVerified: false })).toBe("pendingVerification");
    expect(accountStanding({ ...ana, emailVerified: true })).toBe("verified");
  });
});
