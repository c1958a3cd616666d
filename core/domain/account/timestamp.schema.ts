import { Schema } from "effect";

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the range of a database timestamp. */
const FIRST_SECOND = -62_135_596_800;
const LAST_SECOND = 253_402_300_799;

/**
 * SPEC §3's database value type "timestamp (seconds, nanoseconds)": whole seconds since the Unix
 * epoch and the nanoseconds within that second, as Firestore's Timestamp holds them.
 */
export const Timestamp = Schema.Struct({
  seconds: Schema.Number.pipe(Schema.check(Schema.isInt(), Schema.isBetween({ minimum: FIRST_SECOND, maximum: LAST_SECOND }))),
  nanoseconds: Schema.Number.pipe(Schema.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 999_999_999 }))),
});
export type Timestamp = typeof Timestamp.Type;
