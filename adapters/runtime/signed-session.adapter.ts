import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SessionUser, SessionVerifier } from "../../core";

const DEFAULT_LIFETIME_S = 14 * 24 * 60 * 60;

/** What an authentic, unexpired credential says. */
export interface SignedCredential {
  readonly user: SessionUser;
  /** Milliseconds since the epoch: revocation compares it with the user's "not valid before". */
  readonly issuedAt: number;
  /** What the credential was issued bound to (IssueOptions.boundTo), or null. */
  readonly boundTo: string | null;
}

export interface IssueOptions {
  readonly lifetimeSeconds?: number;
  /** Milliseconds since the epoch; now unless given. */
  readonly issuedAt?: number;
  /** Something the verifier must find beside the credential (a digest of the identity server's session), kept in it. */
  readonly boundTo?: string;
}

/**
 * Embedded session credentials: an HMAC-SHA256-signed payload with an expiry, issued by the
 * local identity server and verified here. Stands where firebase-admin's session cookies stand.
 */
export interface SignedSessions extends SessionVerifier {
  /** A new value every time (a random id in the payload), so that no two sign-ins share a credential. */
  issue(user: SessionUser, options?: IssueOptions): string;
  open(credential: string): SignedCredential | null;
}

export interface SignedSessionsOptions {
  readonly now?: () => number;
  /**
   * What the credentials are for ("session", "id-token"): a credential made for one purpose is
   * refused by the instance of another, though both share the secret.
   */
  readonly purpose?: string;
}

export function createSignedSessions(secret: string, { now = Date.now, purpose = "session" }: SignedSessionsOptions = {}): SignedSessions {
  const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

  function open(credential: string): SignedCredential | null {
    const [payload, signature, extra] = credential.split(".");
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
      if (claims.aud !== purpose) return null;
      if (typeof claims.exp !== "number" || claims.exp * 1000 <= now()) return null;
      if (typeof claims.iat !== "number" || typeof claims.uid !== "string" || typeof claims.email !== "string") return null;
      return {
        user: {
          uid: claims.uid,
          email: claims.email,
          emailVerified: claims.emailVerified === true,
          displayName: typeof claims.displayName === "string" ? claims.displayName : null,
        },
        issuedAt: claims.iat,
        boundTo: typeof claims.sid === "string" ? claims.sid : null,
      };
    } catch {
      return null;
    }
  }

  return {
    issue(user, { lifetimeSeconds = DEFAULT_LIFETIME_S, issuedAt = now(), boundTo } = {}) {
      const claims = {
        ...user,
        aud: purpose,
        iat: issuedAt,
        exp: Math.floor(now() / 1000) + lifetimeSeconds,
        jti: randomBytes(16).toString("base64url"),
        ...(boundTo === undefined ? {} : { sid: boundTo }),
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    open,
    async verify(credential) {
      return open(credential)?.user ?? null;
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
