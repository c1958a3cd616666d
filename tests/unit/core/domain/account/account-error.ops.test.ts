import { describe, expect, it } from "vitest";
import { ACCOUNT_PROGRESS_KEYS, accountErrorKey, accountErrorOf } from "../../../../../core/domain/account/account-error.ops";

describe("accountErrorKey (SPEC §8)", () => {
  it("maps Firebase's auth/ codes and their bare forms alike", () => {
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
      ["expired-action-code", "account.error.invalidOrExpiredLink"],
    ];
    for (const [code, key] of cases) {
      expect(accountErrorKey(`auth/${code}`)).toBe(key);
      expect(accountErrorKey(code)).toBe(key);
    }
  });

  it("shares a message between codes that mean the same to the user", () => {
    expect(accountErrorKey("auth/invalid-login-credentials")).toBe("account.error.invalidCredential");
    expect(accountErrorKey("auth/quota-exceeded")).toBe("account.error.tooManyRequests");
    expect(accountErrorKey("auth/invalid-action-code")).toBe("account.error.invalidOrExpiredLink");
    expect(accountErrorKey("auth/password-does-not-meet-requirements")).toBe("account.error.weakPassword");
    expect(accountErrorKey("auth/user-token-expired")).toBe("account.error.requiresRecentLogin");
  });

  it("maps the local provider's (better-auth's) codes onto the same messages", () => {
    const cases: Array<[string, string]> = [
      ["USER_NOT_FOUND", "account.error.userNotFound"],
      ["INVALID_PASSWORD", "account.error.wrongPassword"],
      ["INVALID_EMAIL", "account.error.invalidEmail"],
      ["INVALID_EMAIL_OR_PASSWORD", "account.error.invalidCredential"],
      ["USER_ALREADY_EXISTS", "account.error.emailAlreadyInUse"],
      ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "account.error.emailAlreadyInUse"],
      ["PASSWORD_TOO_SHORT", "account.error.weakPassword"],
      ["SESSION_EXPIRED", "account.error.requiresRecentLogin"],
      ["SESSION_NOT_FRESH", "account.error.requiresRecentLogin"],
      ["INVALID_TOKEN", "account.error.invalidOrExpiredLink"],
      ["TOKEN_EXPIRED", "account.error.invalidOrExpiredLink"],
    ];
    for (const [code, key] of cases) expect(accountErrorKey(code), code).toBe(key);
  });

  it("covers every code of the issue's error set with its own message", () => {
    const messages = ["user-not-found", "wrong-password", "invalid-email", "invalid-credential", "email-already-in-use", "weak-password",
      "requires-recent-login", "too-many-requests", "user-disabled", "network-request-failed", "expired-action-code"].map((code) => accountErrorKey(code));
    expect(new Set(messages).size).toBe(messages.length);
    expect(messages).not.toContain("account.error.generic");
  });

  it("shows the generic message for unknown, missing or foreign codes", () => {
    for (const code of [undefined, "", "auth/", "auth/something-new", "storage/unknown", "AUTH/user-not-found", "auth/auth/user-not-found", "auth/USER_NOT_FOUND", "user_not_found", "PASSWORD_TOO_LONG"]) {
      expect(accountErrorKey(code), String(code)).toBe("account.error.generic");
    }
  });

  // Core bug: the lookup reads inherited Object.prototype members, so these return functions.
  it("shows the generic message for codes named like Object.prototype members", () => {
    for (const code of ["constructor", "auth/toString", "hasOwnProperty", "auth/__proto__", "valueOf", "__proto__"]) {
      expect(accountErrorKey(code), code).toBe("account.error.generic");
    }
  });
});

describe("accountErrorOf", () => {
  it("reads the code of whatever an adapter rejected with", () => {
    expect(accountErrorOf(Object.assign(new Error("Firebase: Error (auth/wrong-password)."), { code: "auth/wrong-password" }))).toBe("account.error.wrongPassword");
    expect(accountErrorOf({ code: "INVALID_EMAIL_OR_PASSWORD", status: 401 })).toBe("account.error.invalidCredential");
  });

  it("falls back to the generic message when there is no usable code", () => {
    for (const error of [new Error("user-not-found"), new TypeError("Failed to fetch"), { code: 404 }, { message: "auth/user-not-found" }, "auth/user-not-found", null, undefined]) {
      expect(accountErrorOf(error)).toBe("account.error.generic");
    }
  });
});

describe("ACCOUNT_PROGRESS_KEYS", () => {
  it("names the SPEC §4 labels of the sign-in and registration forms", () => {
    expect(ACCOUNT_PROGRESS_KEYS.signingIn).toBe("account.progress.signingIn");
    expect(ACCOUNT_PROGRESS_KEYS.creatingAccount).toBe("account.progress.creatingAccount");
  });

  it("gives every label its own account.progress key", () => {
    const keys = Object.values(ACCOUNT_PROGRESS_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^account\.progress\.[a-zA-Z]+$/);
  });
});
