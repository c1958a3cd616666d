import { Schema } from "effect";

/** An event's id in URLs: a slug of lowercase letters, digits and dashes. */
export const EventId = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), Schema.isMaxLength(120)),
);
export type EventId = typeof EventId.Type;

export const isEventId = Schema.is(EventId);
