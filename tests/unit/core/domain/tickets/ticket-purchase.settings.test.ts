import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TICKET_PURCHASE, ticketPurchaseFailureKind } from "../../../../../core/domain/tickets/ticket-purchase.settings";
import { ROOT } from "../../../../architecture/import-rules";

describe("ticketPurchaseFailureKind", () => {
  it("knows the store's and the payment's reasons, and nothing else", () => {
    for (const kind of ["sold-out", "hold-expired", "payment-declined", "network"] as const) expect(ticketPurchaseFailureKind({ kind })).toBe(kind);
    for (const error of [undefined, null, "sold-out", new Error("sold-out"), { kind: "teapot" }, new TypeError("Failed to fetch")]) {
      expect(ticketPurchaseFailureKind(error)).toBe("unknown");
    }
  });
});

describe("TICKET_PURCHASE", () => {
  it("holds 10 minutes, extends by 5 and counts whole seconds", () => {
    expect([TICKET_PURCHASE.holdMs, TICKET_PURCHASE.extensionMs, TICKET_PURCHASE.tickMs]).toEqual([600_000, 300_000, 1_000]);
  });

  it("announces in the order the countdown gets there, each saying its own time", () => {
    const thresholds = TICKET_PURCHASE.announcements.map(({ atSeconds }) => atSeconds);
    expect(thresholds).toEqual([...thresholds].sort((a, b) => b - a));
    const english = JSON.parse(readFileSync(join(ROOT, "locales", "en.json"), "utf8")) as { tickets: { hold: Record<string, string> } };
    for (const { atSeconds, key } of TICKET_PURCHASE.announcements) {
      const text = english.tickets.hold[key.replace("tickets.hold.", "")];
      const said = atSeconds >= 60 ? `${atSeconds / 60} minute` : `${atSeconds} seconds`;
      expect(text, key).toContain(said);
    }
  });
});
