import { describe, expect, it } from "vitest";
import { NEWSLETTER_TOKEN_LIFETIME_MS, createNewsletterTokens } from "../../../../../adapters/http/server/newsletter-tokens";

describe("newsletter tokens", () => {
  it("verify what they were signed for: the address (lower-cased) and the purpose", () => {
    const tokens = createNewsletterTokens("secret");
    const token = tokens.sign("confirm", "Ana@Example.com");
    expect(tokens.verify("confirm", token)).toBe("ana@example.com");
    expect(tokens.verify("unsubscribe", token)).toBeUndefined();
  });

  it("refuse another server's token, an altered one, and junk", () => {
    const token = createNewsletterTokens("secret").sign("unsubscribe", "ana@example.com");
    const tokens = createNewsletterTokens("secret");
    expect(createNewsletterTokens("other secret").verify("unsubscribe", token)).toBeUndefined();
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ p: "unsubscribe", e: "eve@example.com", t: Date.now() })).toString("base64url");
    expect(tokens.verify("unsubscribe", `${forged}.${signature}`)).toBeUndefined();
    // The first character carries six whole bits of the signature (the last one's low bits may be padding).
    const altered = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(tokens.verify("unsubscribe", `${payload}.${altered}`)).toBeUndefined();
    for (const junk of ["", ".", "a.b.c", `${payload}.`, "%%%.%%%", "x".repeat(5000)]) expect(tokens.verify("unsubscribe", junk)).toBeUndefined();
  });

  it("let a confirmation link expire after a week, and an unsubscribe link never", () => {
    let now = Date.UTC(2030, 0, 1);
    const tokens = createNewsletterTokens("secret", () => now);
    const confirm = tokens.sign("confirm", "ana@example.com");
    const unsubscribe = tokens.sign("unsubscribe", "ana@example.com");
    now += NEWSLETTER_TOKEN_LIFETIME_MS.confirm;
    expect(tokens.verify("confirm", confirm)).toBe("ana@example.com");
    now += 1;
    expect(tokens.verify("confirm", confirm)).toBeUndefined();
    now += 10 * 365 * 24 * 60 * 60_000;
    expect(tokens.verify("unsubscribe", unsubscribe)).toBe("ana@example.com");
  });
});
