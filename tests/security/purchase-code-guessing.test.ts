import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { embeddedEvent, verifiedApiBuyer } from "../e2e/support/buyers";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

// Issue 48: one account sent 43,121 guesses of box-office purchase codes in 10 s, never refused,
// and 404 against 409 told a code no one has from one another account claimed. A claim is now
// limited per account and per address, unknown and taken codes answer alike, and new codes have
// 60 random bits.

/** A box-office sale through the store the server uses; its code as printed on the receipt. */
async function boxOfficeCode(): Promise<string> {
  const event = embeddedEvent("turia-sound-festival-2027");
  const type = event.types[0]!;
  const db = openDatabase(dataDir);
  try {
    const issued = await createSqliteTicketStore(db).issuePurchaseCode({
      eventId: event.uuid,
      lines: [{ ticketType: { ticketTypeId: type._uid, capacity: type.capacity }, quantity: 1 }],
      now: new Date().toISOString(),
    });
    if (issued.outcome !== "issued") throw new Error(issued.outcome);
    return issued.code;
  } finally {
    db.close();
  }
}

describe("purchase code guessing", () => {
  const claimWith = (buyer: Awaited<ReturnType<typeof verifiedApiBuyer>>) => async (typed: string) => {
    const response = await buyer.call("/api/tickets/claims", { method: "POST", body: { code: typed } });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
  };

  it("stops a guesser after five tries a quarter of an hour, with Retry-After and a translated message", { timeout: 60_000 }, async () => {
    const claim = claimWith(await verifiedApiBuyer({ baseUrl, dataDir, email: `guesser.${Date.now()}@example.org` }));
    const guesses = [];
    for (let index = 0; index < 10; index += 1) guesses.push(await claim(`GUESS-${String(index).padStart(4, "0")}-0000`));
    expect(guesses.map((guess) => guess.status)).toEqual([...Array(5).fill(404), ...Array(5).fill(429)]);
    for (const guess of guesses.slice(5)) {
      expect(Number(guess.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(guess.body)).toEqual({ error: { code: "too-many-requests", message: "account.error.tooManyRequests" } });
    }
  });

  it("answers a code another account claimed as it answers a code no one has", { timeout: 60_000 }, async () => {
    const code = await boxOfficeCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
    const owner = claimWith(await verifiedApiBuyer({ baseUrl, dataDir, email: `box-office.${Date.now()}@example.org` }));
    const other = claimWith(await verifiedApiBuyer({ baseUrl, dataDir, email: `other.${Date.now()}@example.org` }));
    expect((await owner(code)).status).toBe(200);
    const taken = await other(code);
    const unknown = await other("7KQ2-99XM-4ZRT");
    expect(taken.status).toBe(404);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: taken.status, body: taken.body });
  });
});
