import { describe, expect, it } from "vitest";
import { accountStanding, actionCodeOf } from "../../../../../core/domain/account/account.ops";

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

describe("actionCodeOf", () => {
  it("reads the local provider's code, or Firebase's oobCode, from a link's query", () => {
    expect(actionCodeOf({ code: "local-1" })).toBe("local-1");
    expect(actionCodeOf({ mode: "verifyEmail", oobCode: "fb-1", apiKey: "k" })).toBe("fb-1");
    expect(actionCodeOf({})).toBe("");
    expect(actionCodeOf(JSON.parse('{"__proto__": {"code": "x"}}') as Record<string, string>)).toBe("");
  });
});
