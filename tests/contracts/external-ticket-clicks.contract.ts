import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExternalTicketClicksPort } from "../../core";

export interface ExternalTicketClicksFixture {
  readonly port: ExternalTicketClicksPort;
  close(): Promise<void>;
}

/**
 * What every ExternalTicketClicksPort adapter does; `skip` says why a runner cannot run here. A
 * visitor counts once per event and UTC day: the store is given a key for the visitor (the route's
 * keyed hash of the address and the day, never the address) and keeps it for that day only.
 */
export function externalTicketClicksContract(name: string, makeFixture: () => Promise<ExternalTicketClicksFixture>, options: { readonly skip?: string } = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the external ticket clicks contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the external ticket clicks contract`, () => {
    let fixture: ExternalTicketClicksFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());
    // Each test its own events, so that the runs of one fixture do not add up.
    const event = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;
    const visitor = (n: number) => `visitor-${n}`;
    const of = async (eventId: string, sinceDay = "2000-01-01") => (await fixture.port.totals(sinceDay)).filter((total) => total.eventId === eventId);

    it("counts clicks per event and UTC day, whatever offset the instant is given in", async () => {
      const concert = event("concert");
      const match = event("match");
      await fixture.port.record(concert, "2030-03-01T10:00:00.000Z", visitor(1));
      await fixture.port.record(concert, "2030-03-01T23:59:59.000Z", visitor(2));
      // 00:30 in Valencia on 2 March is still 1 March in UTC.
      await fixture.port.record(concert, "2030-03-02T00:30:00+01:00", visitor(3));
      await fixture.port.record(concert, "2030-03-02T09:00:00.000Z", visitor(1));
      await fixture.port.record(match, "2030-03-02T09:00:00.000Z", visitor(1));
      expect(await of(concert)).toEqual([
        { eventId: concert, day: "2030-03-01", clicks: 3 },
        { eventId: concert, day: "2030-03-02", clicks: 1 },
      ]);
      expect(await of(match)).toEqual([{ eventId: match, day: "2030-03-02", clicks: 1 }]);
    });

    it("gives the days from the one asked for on", async () => {
      const concert = event("concert");
      await fixture.port.record(concert, "2030-04-01T10:00:00.000Z", visitor(1));
      await fixture.port.record(concert, "2030-04-03T10:00:00.000Z", visitor(1));
      expect(await of(concert, "2030-04-02")).toEqual([{ eventId: concert, day: "2030-04-03", clicks: 1 }]);
    });

    it("counts a visitor once per event and day, however often they click, and again the next day or for another event", async () => {
      const concert = event("concert");
      const match = event("match");
      for (const at of ["2030-06-01T10:00:00.000Z", "2030-06-01T10:00:00.001Z", "2030-06-01T23:00:00.000Z"]) await fixture.port.record(concert, at, visitor(1));
      await fixture.port.record(match, "2030-06-01T23:30:00.000Z", visitor(1));
      await fixture.port.record(concert, "2030-06-02T08:00:00.000Z", visitor(1));
      await fixture.port.record(concert, "2030-06-02T08:00:01.000Z", visitor(1));
      expect(await of(concert)).toEqual([
        { eventId: concert, day: "2030-06-01", clicks: 1 },
        { eventId: concert, day: "2030-06-02", clicks: 1 },
      ]);
      expect(await of(match)).toEqual([{ eventId: match, day: "2030-06-01", clicks: 1 }]);
    });

    it("loses no click of a hundred visitors at once, and counts once a visitor's hundred clicks at once", { timeout: 30_000 }, async () => {
      const rush = event("rush");
      await Promise.all(Array.from({ length: 100 }, (_, n) => fixture.port.record(rush, "2030-07-01T20:00:00.000Z", visitor(n))));
      expect(await of(rush)).toEqual([{ eventId: rush, day: "2030-07-01", clicks: 100 }]);
      const inflated = event("inflated");
      await Promise.all(Array.from({ length: 100 }, () => fixture.port.record(inflated, "2030-07-01T20:00:00.000Z", visitor(1))));
      expect(await of(inflated)).toEqual([{ eventId: inflated, day: "2030-07-01", clicks: 1 }]);
    });
  });
}
