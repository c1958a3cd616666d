import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactDetailsRoute } from "../../../../../adapters/http/server/contact-details.route";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { cookieSessionVerifier, type SessionUser } from "../../../../../core";

const ana: SessionUser = { uid: "u-ana", email: "ana@example.com", emailVerified: true, displayName: "Ana" };
const joan: SessionUser = { uid: "u-joan", email: "joan@example.com", emailVerified: false, displayName: null };
const sessions = cookieSessionVerifier({ verify: async (credential) => ({ ana, joan })[credential as "ana" | "joan"] ?? null }, { secure: false });

let db: SqliteDatabase;
let app: ReturnType<typeof contactDetailsRoute>;
beforeEach(async () => {
  db = openDatabase(":memory:");
  const userProfiles = createSqliteUserProfiles(db);
  await userProfiles.upsert({ uid: "u-ana", name: "Ana", surname: "Puig", phone: "+34 600 000 000", birthdate: null, address: "Carrer Major 1", preferredLanguage: "val", consents: {}, updatedAt: "2030-01-01T00:00:00.000Z" });
  app = contactDetailsRoute({ sessions, userProfiles });
});
afterEach(() => db.close());

const get = (as?: string) => app.request("/", { headers: as ? { Cookie: `__session=${as}` } : {} });

describe("GET /api/account/contact-details", () => {
  it("answers the signed-in user's own known fields, never cached", async () => {
    const response = await get("ana");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ email: "ana@example.com", name: "Ana", surname: "Puig", phone: "+34 600 000 000", address: "Carrer Major 1" });
  });

  it("answers the address alone for a user without a profile yet", async () => {
    expect(await (await get("joan")).json()).toEqual({ email: "joan@example.com" });
  });

  it("answers 204, with no body, when no one (or an unknown credential) is signed in", async () => {
    for (const as of [undefined, "forged"]) {
      const response = await get(as);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
    }
  });
});
