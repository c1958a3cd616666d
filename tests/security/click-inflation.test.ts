import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteExternalTicketClicks } from "../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { raw } from "./support/raw-http";

// The clicks on an external seller's buy button are what a promoter's commission is negotiated
// on: one address clicking in a loop must not count more than once a day (issue 48: 8,104 in 5 s).

const EVENT = { slug: "the-halyards-low-tide", id: "8df9c7d8-8dc1-47d4-a07d-5ff8b1e6bea1" };

describe("external ticket click counting", () => {
  it("counts one address at most once a day for an event, however many times it clicks", async () => {
    const db = openDatabase(inject("dataDir"));
    const clicks = createSqliteExternalTicketClicks(db);
    const today = new Date().toISOString().slice(0, 10);
    const counted = async () => (await clicks.totals(today)).find((total) => total.eventId === EVENT.id)?.clicks ?? 0;
    try {
      const before = await counted();
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(
          Array.from({ length: 30 }, () => raw({ method: "POST", path: `/api/tickets/events/${EVENT.slug}/external-clicks`, headers: { Origin: inject("baseUrl") } })),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(204));
      }
      // Another test's browser, on the same address, may have been counted today already.
      expect((await counted()) - before).toBeLessThanOrEqual(1);
      expect(await counted()).toBeGreaterThanOrEqual(1);
    } finally {
      db.close();
    }
  });
});
