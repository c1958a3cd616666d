import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserProfile, UserProfilePort } from "../../core";

/*
 * The user-profile port's contract (core/ports/user-profile.port.ts), checked through the port
 * only, on the pattern of content.contract.ts. A runner supplies the store: SQLite (embedded) or
 * Firestore (production). Every test works on uids of its own, so a store shared between runs
 * (an emulator) needs no cleaning.
 */

export interface UserProfileFixture {
  readonly port: UserProfilePort;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here (its service cannot exist on this machine); printed, and the suite is skipped. */
  readonly skip?: string;
}

let users = 0;
const newUid = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${++users}`;

function profileOf(uid: string, changes: Partial<UserProfile> = {}): UserProfile {
  return {
    uid,
    name: "Ana",
    surname: "García Puig",
    phone: "+34 600 000 000",
    birthdate: "1990-05-17",
    address: "Carrer de la Mar 1, 46001 València",
    preferredLanguage: "val",
    consents: { privacyPolicy: { acceptedAt: "2030-01-15T10:00:00.000Z", textVersion: "2030-01" } },
    updatedAt: "2030-01-15T10:00:00.000Z",
    ...changes,
  };
}

export function userProfileContract(name: string, makeFixture: () => Promise<UserProfileFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the user-profile port's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the user-profile port's contract`, () => {
    let fixture: UserProfileFixture;
    let port: UserProfilePort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    it("knows nobody it was not told about", async () => {
      const uid = newUid("nobody");
      expect(await port.get(uid)).toBeNull();
      expect(await port.export(uid)).toBeNull();
      await expect(port.delete(uid)).resolves.toBeUndefined();
    });

    it("gives back what it was given, unknown fields and milliseconds included", async () => {
      const uid = newUid("round-trip");
      const profile = profileOf(uid, {
        name: "Núria",
        surname: "Martínez-Ñúñez d'Alacant",
        phone: null,
        birthdate: null,
        address: null,
        preferredLanguage: "es",
        updatedAt: "2031-03-04T05:06:07.089Z",
        consents: {
          privacyPolicy: { acceptedAt: "2031-03-04T05:06:07.089Z", textVersion: "2031-03" },
          marketing: { acceptedAt: "2031-03-04T05:06:07.089Z", textVersion: "m-2031" },
        },
      });
      await port.upsert(profile);
      expect(await port.get(uid)).toEqual(profile);
    });

    it("replaces every field on the next write", async () => {
      const uid = newUid("replace");
      await port.upsert(profileOf(uid));
      const replaced = profileOf(uid, {
        name: "Anna",
        surname: "Puig",
        phone: "+34 611 111 111",
        birthdate: "1991-06-18",
        address: "Plaça Major 2, Castelló",
        preferredLanguage: "en",
        updatedAt: "2030-02-01T09:30:00.000Z",
      });
      await port.upsert(replaced);
      expect(await port.get(uid)).toEqual(replaced);
    });

    it("keeps each user's record apart", async () => {
      const ana = newUid("ana");
      const joan = newUid("joan");
      await port.upsert(profileOf(ana));
      await port.upsert(profileOf(joan, { name: "Joan", consents: {} }));
      await port.delete(joan);
      expect(await port.get(joan)).toBeNull();
      expect(await port.get(ana)).toEqual(profileOf(ana));
      expect((await port.export(ana))?.consentHistory).toHaveLength(1);
    });

    it("records every consent given and withdrawn, oldest first, for the user's export", async () => {
      const uid = newUid("consents");
      const privacy = { acceptedAt: "2030-01-15T10:00:00.000Z", textVersion: "2030-01" };
      await port.upsert(profileOf(uid, { consents: { privacyPolicy: privacy } }));

      const communication = { acceptedAt: "2030-02-01T08:00:00.000Z", textVersion: "c-1" };
      await port.upsert(profileOf(uid, { consents: { privacyPolicy: privacy, communication }, updatedAt: "2030-02-01T08:00:00.000Z" }));

      // A write that changes no consent records nothing.
      await port.upsert(profileOf(uid, { phone: "+34 622 222 222", consents: { privacyPolicy: privacy, communication }, updatedAt: "2030-02-10T08:00:00.000Z" }));

      // A new version of the privacy text accepted, communication withdrawn, in one write.
      const renewed = { acceptedAt: "2030-03-01T12:00:00.000Z", textVersion: "2030-03" };
      const last = profileOf(uid, { consents: { privacyPolicy: renewed }, updatedAt: "2030-03-01T12:00:00.000Z" });
      await port.upsert(last);

      const exported = await port.export(uid);
      expect(exported?.profile).toEqual(last);
      expect(exported?.profile.consents).not.toHaveProperty("communication");
      const history = exported?.consentHistory ?? [];
      expect(history.slice(0, 2)).toEqual([
        { kind: "privacyPolicy", accepted: true, at: privacy.acceptedAt, textVersion: "2030-01" },
        { kind: "communication", accepted: true, at: communication.acceptedAt, textVersion: "c-1" },
      ]);
      expect(history.slice(2)).toHaveLength(2);
      expect(history.slice(2)).toEqual(
        expect.arrayContaining([
          { kind: "privacyPolicy", accepted: true, at: renewed.acceptedAt, textVersion: "2030-03" },
          { kind: "communication", accepted: false, at: last.updatedAt, textVersion: "c-1" },
        ]),
      );
    });

    it("forgets everything about a deleted user", async () => {
      const uid = newUid("deleted");
      await port.upsert(profileOf(uid, { consents: { privacyPolicy: { acceptedAt: "2030-01-15T10:00:00.000Z", textVersion: "2030-01" }, marketing: { acceptedAt: "2030-01-15T10:00:00.000Z", textVersion: "m-1" } } }));
      await port.delete(uid);
      expect(await port.get(uid)).toBeNull();
      expect(await port.export(uid)).toBeNull();

      // Coming back with the same uid starts a new history.
      const again = profileOf(uid, { consents: {}, updatedAt: "2030-05-01T00:00:00.000Z" });
      await port.upsert(again);
      expect(await port.export(uid)).toEqual({ profile: again, consentHistory: [] });
    });
  });
}
