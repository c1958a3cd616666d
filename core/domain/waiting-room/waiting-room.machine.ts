import { assign, fromPromise, setup } from "xstate";
import type { WaitingRoomAnswer } from "./waiting-room.schema";
import { WAITING_ROOM } from "./waiting-room.settings";

export interface WaitingRoomInput {
  /** The standing the page was rendered with; "not-queued": this browser has no place yet. */
  readonly answer: WaitingRoomAnswer;
}

export interface WaitingRoomContext {
  readonly answer: WaitingRoomAnswer;
  /** Polls (or the arrival) that failed in a row: the page says it keeps trying. */
  readonly failures: number;
}

/**
 * Issue 51: a visitor in the waiting room, in the browser. Without a place it takes one (`join`);
 * waiting, it asks for its standing every few seconds (`poll`: one small JSON answer, one read on
 * the server) until admitted, expired or sold out. A failed ask keeps the last standing and tries
 * again at the next interval: the place is in the cookie, nothing is lost by waiting.
 */
export const waitingRoomMachine = setup({
  types: {
    context: {} as WaitingRoomContext,
    input: {} as WaitingRoomInput,
  },
  actors: {
    join: fromPromise<WaitingRoomAnswer>(async () => {
      throw new Error("join must be provided");
    }),
    poll: fromPromise<WaitingRoomAnswer>(async () => {
      throw new Error("poll must be provided");
    }),
  },
  delays: {
    poll: WAITING_ROOM.pollMs,
  },
  guards: {
    is: ({ context }, params: { status: WaitingRoomAnswer["status"] }) => context.answer.status === params.status,
  },
  actions: {
    keep: assign((_, params: { answer: WaitingRoomAnswer }) => ({ answer: params.answer, failures: 0 })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
  },
}).createMachine({
  id: "waitingRoom",
  context: ({ input }) => ({ answer: input.answer, failures: 0 }),
  initial: "deciding",
  states: {
    deciding: {
      always: [
        { guard: { type: "is", params: { status: "not-queued" } }, target: "joining" },
        { guard: { type: "is", params: { status: "waiting" } }, target: "waiting" },
        { guard: { type: "is", params: { status: "admitted" } }, target: "admitted" },
        { guard: { type: "is", params: { status: "sold-out" } }, target: "soldOut" },
        { target: "expired" },
      ],
    },
    joining: {
      invoke: {
        src: "join",
        onDone: { target: "deciding", actions: { type: "keep", params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: "retrying", actions: "countFailure" },
      },
    },
    // The arrival failed (a limit, the network): it is asked again after the interval.
    retrying: {
      after: { poll: "joining" },
    },
    waiting: {
      after: { poll: "polling" },
    },
    polling: {
      invoke: {
        src: "poll",
        onDone: { target: "deciding", actions: { type: "keep", params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: "waiting", actions: "countFailure" },
      },
    },
    admitted: { type: "final" },
    expired: { type: "final" },
    soldOut: { type: "final" },
  },
});
