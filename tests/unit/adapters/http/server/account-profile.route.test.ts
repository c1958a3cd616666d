import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountProfileRoute } from "../../../../../adapters/http/server/account-profile.route";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { cookieSessionVerifier, type SessionUser } from "../../../../../core";

const ORIGIN = "https://arena.test";
const verified: SessionUser = { uid: "u-verified", email: "ana@example.com", emailVerified: true, displayName: "Ana" };
const pending: SessionUser = { uid: "u-pending", email: "joan@example.com", emailVerified: false, displayName: "Joan" };
// Session credentials are the session port's business (its own contract tests cover them): here, a name per user.
const sessions = cookieSessionVerifier({ verify: async (credential) => ({ verified, pending })[credential as "verified" | "pending"] ?? null }, { secure: false });

let dir: string;
let db: SqliteDatabase;
let app: ReturnType<typeof accountProfileRoute>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "account-profile-"));
  db = openDatabase(dir);
  app = accountProfileRoute({ sessions, userProfiles: createSqliteUserProfiles(db), allowedOrigins: [ORIGIN], now: () => new Date("2026-11-23T10:00:00Z") });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (path: string, as: string | undefined, init: { method?: string; body?: unknown; origin?: string } = {}) =>
  app.request(path, {
    method: init.method ?? "GET",
    headers: {
      ...(as ? { Cookie: `__session=${as}` } : {}),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(init.method && init.method !== "GET" ? { Origin: init.origin ?? ORIGIN } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const newProfile = { name: "Ana", surname: "Puig", preferredLanguage: "val", privacyPolicy: true };
const update = { name: "Ana", surname: "Puig Soler", phone: "+34 600 000 000", birthdate: "1990-05-04", address: "Carrer de la Pau 1, València", preferredLanguage: "es" };

describe("the account profile route", () => {
  it("refuses anyone without a session", async () => {
    expect((await call("/profile", undefined)).status).toBe(401);
    expect((await call("/profile", "forged")).status).toBe(401);
    expect((await call("/export", undefined)).status).toBe(401);
  });

  it("answers null for a profile not yet stored, as a state of the account rather than a missing page", async () => {
    const response = await call("/profile", "verified");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ profile: null });
  });

  it("creates the profile after sign-up, pending or not, with the privacy consent and its text version", async () => {
    const created = await call("/profile", "pending", { method: "POST", body: newProfile });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("private, no-store");
    const { profile } = (await (await call("/profile", "pending")).json()) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({ uid: "u-pending", name: "Ana", surname: "Puig", phone: null, preferredLanguage: "val" });
    expect(profile.consents).toEqual({ privacyPolicy: { acceptedAt: "2026-11-23T10:00:00.000Z", textVersion: "2026-01" } });
    expect((await call("/profile", "pending", { method: "POST", body: newProfile })).status).toBe(409);
  });

  it("refuses a profile without the privacy consent, with the field's translated message", async () => {
    const response = await call("/profile", "verified", { method: "POST", body: { ...newProfile, privacyPolicy: false } });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("validation.consent.privacyPolicy");
  });

  it("lets only verified users update, keeping the consents, and scopes by the session whatever the body says", async () => {
    await call("/profile", "pending", { method: "POST", body: newProfile });
    const refused = await call("/profile", "pending", { method: "PUT", body: update });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "email-not-verified", message: "account.error.emailNotVerified" } });

    await call("/profile", "verified", { method: "POST", body: newProfile });
    const updated = await call("/profile", "verified", { method: "PUT", body: { ...update, uid: "u-pending" } });
    expect(updated.status).toBe(200);
    const mine = (await (await call("/profile", "verified")).json()) as { profile: Record<string, unknown> };
    expect(mine.profile).toMatchObject({ uid: "u-verified", surname: "Puig Soler", birthdate: "1990-05-04", preferredLanguage: "es" });
    expect(Object.keys(mine.profile.consents as object)).toEqual(["privacyPolicy"]);
    const theirs = (await (await call("/profile", "pending")).json()) as { profile: Record<string, unknown> };
    expect(theirs.profile.surname).toBe("Puig");
  });

  it("stores a new name alone, the details left empty as unknown (issue 49: the name demanded phone, birthdate and address)", async () => {
    await call("/profile", "verified", { method: "POST", body: newProfile });
    const response = await call("/profile", "verified", { method: "PUT", body: { name: "Anna", surname: "Puig", phone: "", birthdate: "", address: "", preferredLanguage: "val" } });
    expect(response.status).toBe(200);
    const { profile } = (await response.json()) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({ name: "Anna", surname: "Puig", phone: null, birthdate: null, address: null, preferredLanguage: "val" });
  });

  it("stores the language alone for a pending user too, keeping every other field, once the profile exists", async () => {
    expect((await call("/profile", "pending", { method: "PATCH", body: { preferredLanguage: "en" } })).status).toBe(404);
    await call("/profile", "pending", { method: "POST", body: { name: "Joan", surname: "Puig", preferredLanguage: "val", privacyPolicy: true } });
    const response = await call("/profile", "pending", { method: "PATCH", body: { preferredLanguage: "en", name: "Ignored" } });
    expect(response.status).toBe(200);
    const { profile } = (await response.json()) as { profile: { name: string; preferredLanguage: string; consents: object } };
    expect(profile).toMatchObject({ name: "Joan", preferredLanguage: "en", consents: { privacyPolicy: { textVersion: expect.any(String) } } });
    expect((await call("/profile", "pending", { method: "PATCH", body: { preferredLanguage: "fr" } })).status).toBe(422);
  });

  it("answers 4xx for bad bodies and foreign origins", async () => {
    expect((await call("/profile", "verified", { method: "PUT", body: { ...update, birthdate: "2999-01-01" } })).status).toBe(422);
    expect((await app.request("/profile", { method: "PUT", headers: { Cookie: "__session=verified", Origin: ORIGIN, "Content-Type": "application/json" }, body: "{" })).status).toBe(400);
    expect((await call("/profile", "verified", { method: "PUT", body: update, origin: "https://evil.example" })).status).toBe(403);
  });

  it("hands out everything kept about the user as a download", async () => {
    await call("/profile", "verified", { method: "POST", body: newProfile });
    const response = await call("/export", "verified");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const data = (await response.json()) as Record<string, unknown>;
    expect(data).toMatchObject({ account: { uid: "u-verified", email: "ana@example.com" }, profile: { name: "Ana" }, orders: [], submissions: [] });
    expect((data.consentHistory as unknown[]).length).toBe(1);
  });

  it("includes the user's own lead submissions and ticket orders in the download, asked for by the session's uid", async () => {
    const asked: string[] = [];
    const submission = {
      id: "lead-1",
      kind: "contact" as const,
      fields: { name: "Ana", message: "Hola" },
      consents: [],
      locale: "val" as const,
      submittedAt: "2026-11-01T10:00:00.000Z",
      userId: "u-verified",
      idempotencyKey: "key",
      fingerprint: "digest",
    };
    const order = {
      orderId: "order-1",
      userId: "u-verified",
      eventId: "story-uuid-1",
      channel: "online" as const,
      status: "confirmed" as const,
      placedAt: "2026-11-02T10:00:00.000Z",
      cancelledAt: null,
      tickets: [{ ticketId: "ticket-1", ticketTypeId: "pista", code: "7K3M9Q2X4ZRT" }],
    };
    const withInbox = accountProfileRoute({
      sessions,
      userProfiles: createSqliteUserProfiles(db),
      allowedOrigins: [ORIGIN],
      submissionsOf: async (uid) => {
        asked.push(uid);
        return [submission];
      },
      ordersOf: async (uid) => {
        asked.push(uid);
        return [order];
      },
    });
    const response = await withInbox.request("/export", { headers: { Cookie: "__session=verified" } });
    const data = (await response.json()) as { submissions: unknown[]; orders: unknown[] };
    expect(asked).toEqual(["u-verified", "u-verified"]);
    expect(data.submissions).toEqual([{ id: "lead-1", kind: "contact", fields: { name: "Ana", message: "Hola" }, consents: [], locale: "val", submittedAt: "2026-11-01T10:00:00.000Z" }]);
    const { userId: _owner, ...exported } = order;
    expect(data.orders).toEqual([exported]);
  });
});
