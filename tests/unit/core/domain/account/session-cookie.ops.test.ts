import { describe, expect, it } from "vitest";
import { sessionIsOf, signedInHintOf, type SessionUser } from "../../../../../core";

const ANA: SessionUser = { uid: "uid-ana", email: "ana@example.com", emailVerified: false, displayName: "Ana García" };

describe("the signed-in hint", () => {
  it("is the same for the same user, and another for any change a session must follow", () => {
    expect(signedInHintOf({ ...ANA })).toBe(signedInHintOf(ANA));
    expect(signedInHintOf(ANA)).toMatch(/^[0-9a-z]+$/);
    const changes: SessionUser[] = [
      { ...ANA, uid: "uid-pau" },
      { ...ANA, email: "ana.garcia@example.com" },
      { ...ANA, emailVerified: true },
      { ...ANA, displayName: "Ana García Puig" },
      { ...ANA, displayName: null },
    ];
    const hints = new Set([ANA, ...changes].map(signedInHintOf));
    expect(hints.size).toBe(changes.length + 1);
  });

  it("tells a page whether the server's session is already its user's, or there is none for no user", () => {
    expect(sessionIsOf(signedInHintOf(ANA), ANA)).toBe(true);
    expect(sessionIsOf(signedInHintOf(ANA), { ...ANA, emailVerified: true })).toBe(false);
    expect(sessionIsOf(undefined, ANA)).toBe(false);
    // A hint of before (the plain "1") is no user's: the page trades once, and the hint follows.
    expect(sessionIsOf("1", ANA)).toBe(false);
    expect(sessionIsOf(undefined, null)).toBe(true);
    expect(sessionIsOf("", null)).toBe(true);
    expect(sessionIsOf(signedInHintOf(ANA), null)).toBe(false);
  });
});
