import type { AnyEventObject, AnyMachineSnapshot, InspectionEvent, StateValue } from "xstate";
import { getStateNodes } from "xstate/graph";
import { describe, expect, it } from "vitest";
import { chosenTickets, ticketPurchaseMachine, type HoldTiming, type PurchasedOrder, type TicketHold, type TicketPurchaseInput } from "../../core/domain/tickets/ticket-purchase.machine";
import { TICKET_PURCHASE_ERROR_KEYS } from "../../core/domain/tickets/ticket-purchase.settings";
import { ticketPurchaseView } from "../../core/domain/tickets/ticket-purchase.view";
import { TICKET_TYPES, startPurchase, type PurchaseActorName } from "../unit/core/domain/tickets/support/ticket-purchase.harness";
import { delayName, doneEvent, errorEvent, replay, shortestPaths, type ModelPath } from "./support";

// Short holds keep the model small: 3 s, and 4 s more once extended.
const HOLD: TicketHold = { holdId: "hold-1", storeNow: 1_000_000, expiresAt: 1_003_000 };
const EXTENDED: HoldTiming = { storeNow: 1_002_000, expiresAt: 1_006_000 };
const ORDER: PurchasedOrder = { orderId: "order-1", lines: [{ ticketTypeId: "pista", quantity: 2 }] };

const HOLDING = "ticketPurchase.holding";
const EXTENDING = "ticketPurchase.held.hold.extending";
const PAYING = "ticketPurchase.held.hold.paying";
const RELEASING = "ticketPurchase.releasing";
const ACTOR_OF: Record<string, PurchaseActorName> = {};
for (const [state, actor] of [[HOLDING, "hold"], [EXTENDING, "extendHold"], [PAYING, "pay"], [RELEASING, "releaseHold"]] as const) {
  ACTOR_OF[doneEvent(ticketPurchaseMachine, state)] = actor;
  ACTOR_OF[errorEvent(ticketPurchaseMachine, state)] = actor;
}

const EVENTS: AnyEventObject[] = [
  // 3 asks for more than the 2 left; VIP is sold out.
  { type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 3 },
  { type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 0 },
  { type: "SET_QUANTITY", ticketTypeId: "grada", quantity: 1 },
  { type: "SET_QUANTITY", ticketTypeId: "vip", quantity: 1 },
  { type: doneEvent(ticketPurchaseMachine, HOLDING), output: HOLD },
  { type: errorEvent(ticketPurchaseMachine, HOLDING), error: { kind: "sold-out" } },
  { type: errorEvent(ticketPurchaseMachine, HOLDING), error: { kind: "network" } },
  { type: errorEvent(ticketPurchaseMachine, HOLDING), error: { kind: "over-buyer-limit" } },
  { type: errorEvent(ticketPurchaseMachine, HOLDING), error: { kind: "buyer-limit-reached" } },
  { type: errorEvent(ticketPurchaseMachine, HOLDING), error: { kind: "rate-limited" } },
  { type: errorEvent(ticketPurchaseMachine, HOLDING), error: new Error("500 Internal Server Error") },
  { type: doneEvent(ticketPurchaseMachine, EXTENDING), output: EXTENDED },
  { type: errorEvent(ticketPurchaseMachine, EXTENDING), error: { kind: "network" } },
  { type: doneEvent(ticketPurchaseMachine, PAYING), output: ORDER },
  { type: errorEvent(ticketPurchaseMachine, PAYING), error: { kind: "payment-declined" } },
  { type: errorEvent(ticketPurchaseMachine, PAYING), error: { kind: "hold-expired" } },
  { type: errorEvent(ticketPurchaseMachine, PAYING), error: { kind: "sold-out" } },
  { type: errorEvent(ticketPurchaseMachine, PAYING), error: { kind: "network" } },
  { type: doneEvent(ticketPurchaseMachine, RELEASING) },
  { type: errorEvent(ticketPurchaseMachine, RELEASING), error: new TypeError("Failed to fetch") },
];

// Everything the purchase holds tells its states apart (the ticket types never change).
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { ticketTypes: _ticketTypes, ...context } = snapshot.context;
  return JSON.stringify([snapshot.value, context]);
};
const paths = shortestPaths(ticketPurchaseMachine, { input: TICKET_TYPES, events: EVENTS, serializeState });
// Issue 49: a checkout opened on the buyer's hold in force (a reload), extended before or not.
const resumedInputs = [false, true].map((extended) => ({ ...TICKET_TYPES, hold: { ...HOLD, lines: [{ ticketTypeId: "pista", quantity: 2 }], extended } }));
const resumedPaths = resumedInputs.map((input) => ({ input, paths: shortestPaths(ticketPurchaseMachine, { input, events: EVENTS, serializeState }) }));

function leavesOf(value: StateValue, prefix: readonly string[] = []): string[] {
  if (typeof value === "string") return [[...prefix, value].join(".")];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [] : leavesOf(child, [...prefix, key])));
}
const ALL_LEAVES = getStateNodes(ticketPurchaseMachine.root)
  .filter((node) => node.type === "atomic" || node.type === "final")
  .map((node) => node.path.join("."))
  .sort();

function harness(inspect: (event: InspectionEvent) => void, input: TicketPurchaseInput = TICKET_TYPES) {
  const purchase = startPurchase(input, inspect);
  return {
    calls: purchase.calls,
    snapshot: () => purchase.actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      const actor = ACTOR_OF[event.type];
      if (delayName(event) === "tick") purchase.wait(1);
      else if (actor) await purchase.settle(actor, event.type.startsWith("xstate.done.actor.") ? { value: event.output } : { error: event.error });
      else purchase.actor.send(event as Parameters<typeof purchase.actor.send>[0]);
    },
  };
}

/** How many times the path entered `state` up to `step`. */
function entries(steps: ModelPath["steps"], upTo: number, state: StateValue): number {
  let count = 0;
  for (let index = 0; index <= upTo; index++) {
    if (steps[index]!.state.matches(state) && (index === 0 || !steps[index - 1]!.state.matches(state))) count += 1;
  }
  return count;
}

describe("ticket purchase machine model", () => {
  it("reaches every state, every step of the view and every message", () => {
    const snapshots = paths.flatMap((path) => path.steps.map((step) => step.state));
    const leaves = new Set(snapshots.flatMap((snapshot) => leavesOf(snapshot.value)));
    expect([...leaves].sort()).toEqual(ALL_LEAVES);
    expect(ALL_LEAVES).toEqual([
      "cancelled",
      "choosing",
      "expired",
      "failed",
      "held.countdown.running",
      "held.hold.extending",
      "held.hold.paying",
      "held.hold.ready",
      "holding",
      "issued",
      "releasing",
    ]);
    const views = snapshots.map((snapshot) => ticketPurchaseView(snapshot as Parameters<typeof ticketPurchaseView>[0]));
    expect(new Set(views.map((view) => view.step))).toEqual(new Set(["choose", "holding", "held", "paying", "issued", "expired", "failed", "cancelling", "cancelled"]));
    expect(new Set(views.map((view) => view.errorKey))).toEqual(new Set([undefined, ...Object.values(TICKET_PURCHASE_ERROR_KEYS)]));
    expect(new Set(views.map((view) => view.announcementKey))).toEqual(new Set([undefined, "tickets.hold.started", "tickets.hold.extended"]));
  });

  // Hundreds of paths, each replayed on a fresh actor.
  it("behaves like its model on a simulated clock along every shortest path", { timeout: 60_000 }, async () => {
    await replayAll(paths, TICKET_TYPES);
  });

  it("starts a resumed hold held, and behaves like its model from there along every shortest path (issue 49)", { timeout: 60_000 }, async () => {
    for (const { input, paths: fromHold } of resumedPaths) {
      expect(fromHold.every((path) => path.steps[0]!.state.matches({ held: { hold: "ready" } }))).toBe(true);
      const views = fromHold.flatMap((path) => path.steps.map((step) => ticketPurchaseView(step.state as Parameters<typeof ticketPurchaseView>[0])));
      expect(new Set(views.map((view) => view.step))).toEqual(new Set(["held", "paying", "issued", "expired", "failed", "cancelling", "cancelled"]));
      expect(views.some((view) => view.canExtend)).toBe(!input.hold.extended);
      await replayAll(fromHold, input);
    }
  });
});

async function replayAll(paths: readonly ModelPath[], input: TicketPurchaseInput) {
  for (const path of paths) {
    let made: ReturnType<typeof harness> | undefined;
    let step = 0;
    await replay(
      path,
      (inspect) => (made = harness(inspect, input)),
      (real, model) => {
        const { calls } = made!;
        expect(real.value).toEqual(model.value);
        expect(real.status).toBe(model.status);
        expect(real.context).toEqual(model.context);
        const view = ticketPurchaseView(real as Parameters<typeof ticketPurchaseView>[0]);
        expect(view).toEqual(ticketPurchaseView(model as Parameters<typeof ticketPurchaseView>[0]));

        // Each actor runs once per entry of its state, with what the buyer chose and the store's hold.
        expect(calls.hold).toHaveLength(entries(path.steps, step, "holding"));
        expect(calls.extendHold).toHaveLength(entries(path.steps, step, { held: { hold: "extending" } }));
        expect(calls.pay).toHaveLength(entries(path.steps, step, { held: { hold: "paying" } }));
        expect(calls.releaseHold).toHaveLength(entries(path.steps, step, "releasing"));
        // A refused hold goes back to choosing, where the choice may change before the next.
        if (!real.matches("choosing") && calls.hold.length > 0) expect(calls.hold.at(-1)!.input).toEqual({ tickets: chosenTickets(real.context) });
        for (const call of [...calls.extendHold, ...calls.pay, ...calls.releaseHold]) expect(call.input).toEqual({ holdId: HOLD.holdId });

        // What the buyer sees adds up and stays within the limits.
        for (const line of view.lines) expect(line.quantity).toBeLessThanOrEqual(line.maxQuantity);
        expect(view.totalCents).toBe(view.lines.reduce((total, line) => total + line.quantity * line.unitPriceCents, 0));
        expect(view.secondsLeft !== undefined).toBe(view.step === "held" || view.step === "paying");
        if (view.step !== "choose") expect(view.ticketCount).toBeGreaterThan(0);
        step += 1;
      },
    );
  }
}
