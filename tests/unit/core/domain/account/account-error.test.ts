import { describe, expect, it } from "vitest";
import { ACCOUNT_PROGRESS_KEYS, accountErrorKey } from "../../../../../core/domain/account/account-error";

describe("accountErrorKey (SPEC §8)", () => {
  it("maps Firebase's auth/ codes and the local server's bare codes alike", () => {
    const cases: Array<[string, string]> = [
      ["user-not-found", "account.error.userNotFound"],
      ["wrong-password", "account.error.wrongPassword"],
      ["invalid-email", "account.error.invalidEmail"],
      ["invalid-credential", "account.error.invalidCredential"],
      ["email-already-in-use", "account.error.emailAlreadyInUse"],
      ["weak-password", "account.error.weakPassword"],
      ["requires-recent-login", "account.error.requiresRecentLogin"],
      ["user-disabled", "account.error.userDisabled"],
      ["too-many-requests", "account.error.tooManyRequests"],
      ["network-request-failed", "account.error.networkRequestFailed"],
      ["popup-closed-by-user", "account.error.popupClosedByUser"],
      ["account-exists-with-different-credential", "account.error.accountExistsWithDifferentCredential"],
      ["expired-action-code", "account.error.expiredActionCode"],
    ];
    for (const [code, key] of cases) {
      expect(accountErrorKey(`auth/${code}`)).toBe(key);
      expect(accountErrorKey(code)).toBe(key);
    }
  });

  it("shares a message between codes that mean the same to the user", () => {
    expect(accountErrorKey("auth/invalid-login-credentials")).toBe("account.error.invalidCredential");
    expect(accountErrorKey("auth/quota-exceeded")).toBe("account.error.tooManyRequests");
  });

  it("shows the generic message for unknown, missing or foreign codes", () => {
    for (const code of [undefined, "", "auth/", "auth/something-new", "storage/unknown", "AUTH/user-not-found", "auth/auth/user-not-found"]) {
      expect(accountErrorKey(code)).toBe("account.error.generic");
    }
  });

  // Core bug: the lookup reads inherited Object.prototype members, so these return functions.
  it("shows the generic message for codes named like Object.prototype members", () => {
    for (const code of ["constructor", "auth/toString", "hasOwnProperty", "auth/__proto__", "valueOf"]) {
      expect(accountErrorKey(code), code).toBe("account.error.generic");
    }
  });

  it("names the two account forms' progress labels", () => {
    expect(ACCOUNT_PROGRESS_KEYS).toEqual({ signingIn: "account.progress.signingIn", creatingAccount: "account.progress.creatingAccount" });
  });
});
