import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WAITING_ROOM, isAdmitted, standingOf, type WaitingRoomStorePort } from "../../core";

/*
 * The waiting rooms' store contract (core/ports/waiting-room-store.port.ts), through the port only:
 * arrivals are seeded with `arrive`, never with raw writes. A runner supplies the store: SQLite
 * (embedded) or Firestore (production). Every test has a room of its own, in a time of its own, so
 * a store shared between runs (an emulator) needs no cleaning.
 */

export interface WaitingRoomStoreFixture {
  readonly port: WaitingRoomStorePort;
  /** Another handle on the same store, as a second instance has. */
  readonly otherInstance: WaitingRoomStorePort;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here; printed, and the suite is skipped. */
  readonly skip?: string;
}

let made = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${++made}`;

export function waitingRoomStoreContract(name: string, makeFixture: () => Promise<WaitingRoomStoreFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the waiting room store's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the waiting room store's contract`, () => {
    let fixture: WaitingRoomStoreFixture;
    let port: WaitingRoomStorePort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    /** A room of its own whose sale starts at a whole second of a far year of this run's own. */
    const room = () => ({ roomId: unique("room"), settings: { saleStartsAt: Date.UTC(2100 + Math.floor(Math.random() * 800), 0, 1) } });
    const advance = (roomId: string, settings: { saleStartsAt: number }, now: number, perMinute = 60, soldOut = false) => port.advance(roomId, settings, { now, perMinute, soldOut });
    /** Twenty arrivals a tenth of a second apart from the sale's start: ten per one-second span. */
    const twenty = async (roomId: string, saleStartsAt: number) => {
      const positions = Array.from({ length: 20 }, (_, i) => saleStartsAt + 100 * i + 0.5);
      await Promise.all(positions.map((position) => port.arrive({ roomId, position })));
      return positions;
    };

    it("admits no one of a room no one has reached, and counts nothing ahead", async () => {
      const { roomId, settings } = room();
      const frontier = await port.frontier(roomId, settings);
      expect(isAdmitted(frontier, settings.saleStartsAt, settings.saleStartsAt)).toBe(false);
      expect(standingOf(frontier, settings.saleStartsAt + 10, settings.saleStartsAt, settings)).toMatchObject({ status: "waiting", place: 1, ahead: 0 });
    });

    it("admits at the room's rate, in order of position, once the arrivals are counted", async () => {
      const { roomId, settings } = room();
      const positions = await twenty(roomId, settings.saleStartsAt);
      // Five seconds at 60 a minute: five in, the five first.
      const now = settings.saleStartsAt + 5000;
      const frontier = await advance(roomId, settings, now);
      expect(positions.filter((position) => isAdmitted(frontier, position, now))).toEqual(positions.slice(0, 5));
      expect(standingOf(frontier, positions[9]!, now, settings)).toMatchObject({ status: "waiting", ahead: 4, place: 10 });
      // The poll of another instance reads the same frontier.
      const seen = await fixture.otherInstance.frontier(roomId, settings);
      expect(positions.filter((position) => isAdmitted(seen, position, now))).toEqual(positions.slice(0, 5));
      // Ten seconds more: ten more in.
      const later = await advance(roomId, settings, now + 10_000);
      expect(positions.filter((position) => isAdmitted(later, position, now + 10_000))).toEqual(positions.slice(0, 15));
    });

    it("admits no one before the sale starts, and passes no arrival it has not counted", async () => {
      const { roomId, settings } = room();
      const early = settings.saleStartsAt - 30_000;
      await port.arrive({ roomId, position: early });
      const before = await advance(roomId, settings, settings.saleStartsAt - 1000, 6000);
      expect(isAdmitted(before, early, settings.saleStartsAt - 1000)).toBe(false);
      const after = await advance(roomId, settings, settings.saleStartsAt + WAITING_ROOM.countGraceMs + 1000, 6000);
      expect(isAdmitted(after, early, settings.saleStartsAt + WAITING_ROOM.countGraceMs + 1000)).toBe(true);
      // One who arrived a moment ago is not counted yet: the frontier stops before them.
      const recent = settings.saleStartsAt + WAITING_ROOM.countGraceMs + 500;
      await port.arrive({ roomId, position: recent });
      const next = await advance(roomId, settings, settings.saleStartsAt + WAITING_ROOM.countGraceMs + 2000, 6000);
      expect(isAdmitted(next, recent, settings.saleStartsAt + WAITING_ROOM.countGraceMs + 2000)).toBe(false);
    });

    it("keeps one place per account: a second arrival finds the first and counts nothing", async () => {
      const { roomId, settings } = room();
      const accountId = unique("user");
      expect(await port.arrive({ roomId, position: settings.saleStartsAt + 10.25, accountId })).toEqual({ outcome: "arrived", position: settings.saleStartsAt + 10.25 });
      expect(await fixture.otherInstance.arrive({ roomId, position: settings.saleStartsAt + 500.5, accountId })).toEqual({
        outcome: "already-queued",
        position: settings.saleStartsAt + 10.25,
      });
      await port.arrive({ roomId, position: settings.saleStartsAt + 700.5 });
      const now = settings.saleStartsAt + 5000;
      const frontier = await port.frontier(roomId, settings);
      const counted = await advance(roomId, settings, now, 0);
      expect(frontier.admitted).toBe(0);
      // Two counted in the first second, not three: everyone ahead of one who came after it.
      expect(standingOf(counted, settings.saleStartsAt + 1000, now, settings)).toMatchObject({ ahead: 2 });
    });

    it("moves once per interval, whichever instances ask: a second ask in it writes nothing", async () => {
      const { roomId, settings } = room();
      const positions = await twenty(roomId, settings.saleStartsAt);
      const now = settings.saleStartsAt + 5000;
      const [one, other] = await Promise.all([advance(roomId, settings, now), fixture.otherInstance.advance(roomId, settings, { now, perMinute: 60, soldOut: false })]);
      expect(one).toEqual(other);
      expect(positions.filter((position) => isAdmitted(one, position, now))).toHaveLength(5);
      expect(await advance(roomId, settings, now + WAITING_ROOM.advanceEveryMs - 1)).toEqual(one);
    });

    it("lets an admitted place go once its window has passed, and admits no one once sold out", async () => {
      const { roomId, settings } = room();
      const positions = await twenty(roomId, settings.saleStartsAt);
      const now = settings.saleStartsAt + 5000;
      await advance(roomId, settings, now);
      const gone = now + WAITING_ROOM.admissionWindowMs + 1000;
      const later = await advance(roomId, settings, gone, 60, true);
      expect(standingOf(later, positions[0]!, gone, settings)).toEqual({ status: "expired" });
      expect(standingOf(later, positions[19]!, gone, settings)).toEqual({ status: "sold-out" });
    });
  });
}
