import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventContent, TicketTypeContent } from "../../core/domain/content/content-types.schema";
import { eventAvailability, ticketTypesOnSale, type EventAvailability } from "../../core/domain/tickets/event-availability.ops";
import { availableOf, type TicketTypeInventory } from "../../core/domain/tickets/ticket-inventory.ops";

const BASE = Date.parse("2030-06-15T12:00:00+02:00");
const DAY = 86_400_000;
const instant = (offsetDays: number) => new Date(BASE + offsetDays * DAY).toISOString();
const offset = fc.integer({ min: -30, max: 30 });

const ticketType = (uid: string) =>
  fc
    .record(
      {
        name: fc.constantFrom("Pista", "Grada", "VIP"),
        price: fc.integer({ min: 0, max: 20_000 }),
        capacity: fc.integer({ min: 0, max: 2_000 }),
        per_order_limit: fc.integer({ min: 1, max: 10 }),
        start: fc.option(offset, { nil: undefined }),
        length: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
      },
      { requiredKeys: ["name", "price", "capacity", "per_order_limit"] },
    )
    .map(({ start, length, ...fields }): TicketTypeContent => ({
      component: "ticket_type",
      _uid: uid,
      ...fields,
      ...(start === undefined ? {} : { sale_start: instant(start) }),
      ...(length === undefined ? {} : { sale_end: instant((start ?? -30) + length) }),
    }));

const event: fc.Arbitrary<EventContent> = fc
  .record({
    status: fc.option(fc.constantFrom("on_sale", "sold_out", "coming_soon", "cancelled", "postponed"), { nil: undefined }),
    ticketing: fc.option(fc.constantFrom("internal", "external"), { nil: undefined }),
    from: offset,
    days: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    types: fc.integer({ min: 0, max: 4 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => ticketType(`type-${index}`)))),
  })
  .map(({ status, ticketing, from, days, types }) => ({
    component: "event",
    _uid: "event-1",
    title: "Lua Serrano",
    date_from: instant(from),
    ...(days === undefined ? {} : { date_to: instant(from + days) }),
    ...(status ? { status } : {}),
    ...(ticketing ? { ticketing } : {}),
    ...(types.length > 0 ? { ticket_types: types } : {}),
  }));

/** What the store may say of each type (or of none): any sold and held, even past capacity. */
const inventoryOf = (content: EventContent) =>
  fc
    .tuple(
      ...(content.ticket_types ?? []).map((type) =>
        fc.option(
          fc.record({ capacity: fc.constantFrom(type.capacity, type.capacity + 10, Math.max(0, type.capacity - 10)), sold: fc.integer({ min: 0, max: 2_100 }), held: fc.integer({ min: 0, max: 300 }) }),
          { nil: undefined },
        ).map((counts): TicketTypeInventory | undefined => counts && { ticketTypeId: type._uid, ...counts }),
      ),
    )
    .map((entries) => entries.filter((entry): entry is TicketTypeInventory => entry !== undefined));

const scenario = event.chain((content) => fc.record({ content: fc.constant(content), inventory: inventoryOf(content), now: offset.map((days) => new Date(BASE + days * DAY)) }));

/** Events the site sells itself, still to come, before the first sale, one type always on sale: where the stock decides. */
const selling = scenario.chain(({ content: { status: _status, ticketing: _ticketing, ticket_types: others = [], ...content }, now }) =>
  ticketType("always").map((always) => {
    const { sale_start: _start, sale_end: _end, ...open } = always;
    return { content: { ...content, date_from: instant(40), ticket_types: [open, ...others] }, inventory: [], now };
  }),
);

/** How much the site can sell now; states that do not depend on the inventory are not ranked. */
const BUYABLE: Partial<Record<EventAvailability, number>> = { "on-sale": 2, "few-left": 1, "sold-out": 0, "coming-soon": 0 };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("event availability", () => {
  it("never gets more buyable as more is sold or held", () => {
    const seen = new Set<string>();
    // A share of what is left (more than all of it too), so that runs pass through "few left".
    const sale = fc.record({ which: fc.nat({ max: 3 }), share: fc.constantFrom(0.5, 0.5, 0.9, 1.2), asHold: fc.boolean() });
    fc.assert(
      fc.property(fc.oneof({ arbitrary: selling, weight: 4 }, { arbitrary: scenario, weight: 1 }), fc.array(sale, { minLength: 1, maxLength: 12 }), ({ content, inventory, now }, sales) => {
        const types = content.ticket_types ?? [];
        let stock = inventory;
        let before = eventAvailability(content, stock, now);
        for (const { which, share, asHold } of sales) {
          const type = types[which % Math.max(1, types.length)];
          if (!type) return;
          const current = stock.find((entry) => entry.ticketTypeId === type._uid) ?? { ticketTypeId: type._uid, capacity: type.capacity, sold: 0, held: 0 };
          const more = Math.ceil((availableOf(current) + 1) * share);
          const busier = { ...current, ...(asHold ? { held: current.held + more } : { sold: current.sold + more }) };
          stock = [...stock.filter((entry) => entry !== current), busier];
          const after = eventAvailability(content, stock, now);
          seen.add(`${before}→${after}`);
          if (BUYABLE[before] === undefined) expect(after).toBe(before);
          else expect(BUYABLE[after]).toBeLessThanOrEqual(BUYABLE[before]!);
          // Nothing left stays so, for the same reason: sold out stays sold out, coming soon stays coming soon.
          if (BUYABLE[before] === 0) expect(after).toBe(before);
          before = after;
        }
      }),
      { numRuns: 500 },
    );
    // The runs did reach the interesting cases.
    expect([...seen]).toEqual(expect.arrayContaining(["on-sale→few-left", "few-left→sold-out", "on-sale→sold-out", "on-sale→coming-soon", "sold-out→sold-out", "coming-soon→coming-soon"]));
  });

  it("depends on the content, the inventory and now only: not on the clock, the order of things, other fields or other types' stock", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 4_000_000_000_000 }), ({ content, inventory, now }, clock) => {
        const expected = eventAvailability(content, inventory, now);
        vi.useFakeTimers({ now: clock });
        const frozen = deepFreeze(structuredClone({ content, inventory }));
        expect(eventAvailability(frozen.content, frozen.inventory, now)).toBe(expected);
        vi.useRealTimers();

        const reordered = { ...content, ...(content.ticket_types ? { ticket_types: [...content.ticket_types].reverse() } : {}) };
        const otherFields = { ...reordered, title: "Another title", location: "Sala 2", price_from: 1, artist_hits: ["Hit"] };
        const otherStock = [...inventory].reverse().concat({ ticketTypeId: "not-this-event", capacity: 10, sold: 10, held: 0 });
        expect(eventAvailability(otherFields, otherStock, now)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps an event past once it is over, unless cancelled or postponed, which it stays whatever the stock and the time", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 400 * DAY }), ({ content, inventory, now }, later) => {
        const availability = eventAvailability(content, inventory, now);
        const then = eventAvailability(content, inventory, new Date(now.getTime() + later));
        if (content.status === "cancelled" || content.status === "postponed") expect([availability, then]).toEqual([content.status, content.status]);
        else if (availability === "past") expect(then).toBe("past");
      }),
      { numRuns: 300 },
    );
  });

  it("offers ticket types to choose from exactly while the site sells, and something is left then", () => {
    fc.assert(
      fc.property(scenario, ({ content, inventory, now }) => {
        const availability = eventAvailability(content, inventory, now);
        const onSale = ticketTypesOnSale(content, inventory, now);
        const selling = availability === "on-sale" || availability === "few-left";
        if (!selling) expect(onSale).toEqual([]);
        else if (content.ticket_types?.length) expect(onSale.reduce((left, type) => left + type.available, 0)).toBeGreaterThan(0);
        for (const type of onSale) expect(type.available).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
