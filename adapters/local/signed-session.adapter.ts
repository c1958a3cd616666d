import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SessionUser, SessionVerifier } from "../../core";

const DEFAULT_LIFETIME_S = 14 * 24 * 60 * 60;

/**
 * Embedded session credentials: an HMAC-SHA256-signed payload with an expiry, issued by the
 * local identity server and verified here. Stands where firebase-admin's session cookies stand.
 */
export interface SignedSessions extends SessionVerifier {
  issue(user: SessionUser, lifetimeSeconds?: number): string;
}

export function createSignedSessions(secret: string, now: () => number = Date.now): SignedSessions {
  const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");
  return {
    issue(user, lifetimeSeconds = DEFAULT_LIFETIME_S) {
      const payload = Buffer.from(JSON.stringify({ ...user, exp: Math.floor(now() / 1000) + lifetimeSeconds })).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    async verify(credential) {
      const [payload, signature, extra] = credential.split(".");
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
        if (typeof claims.exp !== "number" || claims.exp * 1000 <= now()) return null;
        if (typeof claims.uid !== "string" || typeof claims.email !== "string") return null;
        return {
          uid: claims.uid,
          email: claims.email,
          emailVerified: claims.emailVerified === true,
          displayName: typeof claims.displayName === "string" ? claims.displayName : null,
        };
      } catch {
        return null;
      }
    },
  };
}

/** The configured secret, or one generated on first start and kept in the data directory. */
export function sessionSecretFrom(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
