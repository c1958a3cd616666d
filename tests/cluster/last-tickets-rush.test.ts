import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CLUSTER_OPTIONS, eventOf, type Answer } from "./support/cluster";
import { signedInBuyer } from "./support/firebase-visitor";
import { sharedTicketStore } from "./support/ticket-store";

// Issue 50: an on-sale rush over the cluster: 100 buyers at once, through the balancer, for an
// event's last 5 tickets, held in the Firestore store every instance shares. Exactly 5 are sold;
// nobody gets a 5xx but a 503 that says when to try again (Retry-After), as a browser retries it;
// and no hold is left behind. Each buyer connects from a loopback address of its own, as a crowd
// comes from many: on one address, the per-address hold limit's one document would be the rush's
// hot spot.

const BUYERS = 100;
const LEFT = 5;
const SLUG = "carla-ferrer-riure-es-gratis";

describe("100 buyers over three instances for the last 5 tickets", CLUSTER_OPTIONS, () => {
  const buyers: Awaited<ReturnType<typeof signedInBuyer>>[] = [];

  beforeAll(async () => {
    // Twenty sign-ins at a time, as they would arrive.
    for (let first = 0; first < BUYERS; first += 20) {
      buyers.push(...(await Promise.all(Array.from({ length: 20 }, (_, offset) => signedInBuyer(`rush.${first + offset}.${randomUUID()}@example.org`, `127.51.0.${first + offset + 1}`)))));
    }
  });

  it("sells exactly the last 5, answers no 5xx but 503s with Retry-After, and leaves no hold behind", { timeout: 180_000 }, async () => {
    const event = eventOf(SLUG);
    const type = event.types[0]!;
    const capacity = { ticketTypeId: type._uid, capacity: type.capacity };
    const store = sharedTicketStore();
    // The rest were sold at the box office.
    const [before] = await store.availability([capacity], new Date().toISOString());
    const issued = await store.issuePurchaseCode({
      eventId: event.uuid,
      lines: [{ ticketType: capacity, quantity: type.capacity - before!.sold - before!.held - LEFT }],
      now: new Date().toISOString(),
    });
    expect(issued.outcome).toBe("issued");

    const busy: Answer[] = [];
    const answers = await Promise.all(
      buyers.map(async (buyer) => {
        const key = randomUUID();
        // A browser's checkout: the same key on every attempt, again after the wait a 503 asks for.
        for (;;) {
          const answer = await buyer.call(`/api/tickets/events/${SLUG}/holds`, {
            method: "POST",
            headers: { "Idempotency-Key": key },
            body: { lines: [{ ticketTypeId: type._uid, quantity: 1 }] },
          });
          // An error page (a 5xx of the server's or the balancer's) is not JSON: kept as the error's code.
          const body = (answer.headers.get("content-type")?.includes("json") ? await answer.json() : { error: { code: await answer.text() } }) as {
            holdId?: string;
            error?: { code: string };
          };
          if (answer.status !== 503) return { buyer, status: answer.status, body };
          busy.push(answer);
          await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get("retry-after")) * 1000));
        }
      }),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LEFT);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array(BUYERS - LEFT).fill(409));
    for (const answer of answers.filter(({ status }) => status === 409)) expect(answer.body.error?.code).toBe("sold-out");
    for (const answer of busy) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);

    const paid = await Promise.all(
      answers.filter(({ status }) => status === 201).map(({ buyer, body }) => buyer.call(`/api/tickets/holds/${body.holdId}/payment`, { method: "POST" })),
    );
    expect(paid.map((answer) => answer.status)).toEqual(Array(LEFT).fill(201));
    const [after] = await store.availability([capacity], new Date().toISOString());
    expect(after).toEqual({ ticketTypeId: type._uid, capacity: type.capacity, sold: type.capacity, held: 0 });
  });
});
