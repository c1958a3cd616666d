import { afterAll, beforeAll, expect, it } from "vitest";
import type { EditorSessionsPort } from "../../core";
import { contractSuite, type ContractOptions } from "./support/runner-skip";

export interface EditorSessionsFixture {
  readonly port: EditorSessionsPort;
  /** Another adapter on the same store, as another server process (SQLite) or instance (Firestore) has. */
  readonly peer: EditorSessionsPort;
  close(): Promise<void>;
}

// Each test its own digests, so that the runs of one fixture (and a store shared between runs, an emulator) do not meet.
const digest = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const OPENED = Date.UTC(2030, 0, 15, 10);
const HOUR = 60 * 60_000;

/** What every EditorSessionsPort adapter does: sessions one store shares, ended by sign-out, expiry or a new password. */
export function editorSessionsContract(name: string, makeFixture: () => Promise<EditorSessionsFixture>, options: ContractOptions = {}): void {
  contractSuite(`${name} fulfils the editor sessions contract`, options, () => {
    let fixture: EditorSessionsFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    it("keeps a session opened on one adapter open on the other, and ends it there for both", async () => {
      const session = { digest: digest("signed-in"), passwordFingerprint: "password-1", openedAt: OPENED, expiresAt: OPENED + HOUR };
      await fixture.port.open(session);
      expect(await fixture.peer.isOpen(session.digest, "password-1", OPENED + 1)).toBe(true);
      expect(await fixture.port.isOpen(digest("forged"), "password-1", OPENED + 1)).toBe(false);
      await fixture.peer.close(session.digest);
      expect(await fixture.port.isOpen(session.digest, "password-1", OPENED + 1)).toBe(false);
      await fixture.port.close(digest("never-opened"));
    });

    it("refuses a session once it has expired", async () => {
      const session = { digest: digest("expiring"), passwordFingerprint: "password-1", openedAt: OPENED, expiresAt: OPENED + HOUR };
      await fixture.port.open(session);
      expect(await fixture.peer.isOpen(session.digest, "password-1", OPENED + HOUR - 1)).toBe(true);
      expect(await fixture.peer.isOpen(session.digest, "password-1", OPENED + HOUR)).toBe(false);
    });

    it("refuses a session opened under another password than the one asked about, and keeps those of the new one", async () => {
      const old = { digest: digest("old-password"), passwordFingerprint: "password-1", openedAt: OPENED, expiresAt: OPENED + HOUR };
      await fixture.port.open(old);
      const fresh = { digest: digest("new-password"), passwordFingerprint: "password-2", openedAt: OPENED + 1, expiresAt: OPENED + 1 + HOUR };
      await fixture.peer.open(fresh);
      expect(await fixture.port.isOpen(old.digest, "password-2", OPENED + 2)).toBe(false);
      expect(await fixture.port.isOpen(fresh.digest, "password-2", OPENED + 2)).toBe(true);
      expect(await fixture.port.isOpen(fresh.digest, "password-1", OPENED + 2)).toBe(false);
    });

    it("keeps many sessions opened at the same moment apart", async () => {
      const sessions = Array.from({ length: 10 }, (_, index) => ({ digest: digest(`editor-${index}`), passwordFingerprint: "password-1", openedAt: OPENED, expiresAt: OPENED + HOUR }));
      await Promise.all(sessions.map((session, index) => (index % 2 === 0 ? fixture.port : fixture.peer).open(session)));
      await fixture.port.close(sessions[3]!.digest);
      const open = await Promise.all(sessions.map((session) => fixture.peer.isOpen(session.digest, "password-1", OPENED + 1)));
      expect(open).toEqual(sessions.map((_, index) => index !== 3));
    });
  });
}
