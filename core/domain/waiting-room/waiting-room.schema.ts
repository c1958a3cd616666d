import { Schema } from "effect";

const Id = Schema.String.pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(128)));
const Instant = Schema.Number.pipe(Schema.check(Schema.isFinite()));

/**
 * What a waiting-room token says (issue 51), signed by the server and kept in an HttpOnly cookie:
 * the place, and what it is bound to — the room, this browser and, when signed in, the account —
 * so a forged, reordered or copied token is refused. Short keys keep the cookie small.
 */
export const WaitingRoomTicket = Schema.Struct({
  v: Schema.Literal(1),
  /** The room: the event's story uuid. */
  r: Id,
  /** The place's position: the arrival's millisecond plus its tiebreak. */
  p: Instant,
  /** The browser's id (its own HttpOnly cookie). */
  b: Id,
  /** The account the place is held for, if one was signed in on arrival. */
  u: Schema.optionalKey(Id),
});
export type WaitingRoomTicket = typeof WaitingRoomTicket.Type;

const Count = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0)));

/** The waiting room's answer as JSON (the queue page's script, a kiosk): the standing, and when to ask again. */
export const WaitingRoomAnswer = Schema.Union([
  Schema.Struct({
    status: Schema.Literal("waiting"),
    place: Count,
    ahead: Count,
    /** Seconds; absent while no rate is known yet. */
    waitSeconds: Schema.optionalKey(Count),
    preQueue: Schema.Boolean,
    pollSeconds: Count,
  }),
  Schema.Struct({ status: Schema.Literal("admitted"), admittedUntil: Schema.String }),
  Schema.Struct({ status: Schema.Literals(["expired", "sold-out", "not-queued"]) }),
]);
export type WaitingRoomAnswer = typeof WaitingRoomAnswer.Type;
