import { Schema } from "effect";
import { GeoPoint as FirestoreGeoPoint, Timestamp as FirestoreTimestamp } from "firebase-admin/firestore";
import { GeoPoint, Timestamp } from "../../core";

/**
 * SPEC §3's database value types on Firestore: a timestamp is Firestore's Timestamp (seconds,
 * nanoseconds), a geo point its GeoPoint; both are checked with the core's schemas on the way in
 * and on the way out. The ports speak ISO 8601 instants (the clock port's form), so instants are
 * converted here, at millisecond precision.
 */

const decodeTimestamp = Schema.decodeUnknownSync(Timestamp);
const decodeGeoPoint = Schema.decodeUnknownSync(GeoPoint);

/** ISO 8601 instant → Firestore Timestamp; RangeError for anything else. */
export function timestampOfInstant(instant: string, field = "instant"): FirestoreTimestamp {
  const millis = Date.parse(instant);
  if (!Number.isFinite(millis)) throw new RangeError(`${field} is not an ISO 8601 instant: "${instant}"`);
  const seconds = Math.floor(millis / 1000);
  const checked = decodeTimestamp({ seconds, nanoseconds: (millis - seconds * 1000) * 1_000_000 });
  return new FirestoreTimestamp(checked.seconds, checked.nanoseconds);
}

/** A stored Timestamp → ISO 8601 instant (UTC, milliseconds); a TypeError for a value of another type. */
export function instantOfTimestamp(value: unknown, field = "timestamp"): string {
  if (!(value instanceof FirestoreTimestamp)) throw new TypeError(`${field} is not a Firestore Timestamp`);
  const { seconds, nanoseconds } = decodeTimestamp({ seconds: value.seconds, nanoseconds: value.nanoseconds });
  return new Date(seconds * 1000 + Math.floor(nanoseconds / 1_000_000)).toISOString();
}

/** A geo point within SPEC §5's ranges → Firestore GeoPoint; the schema's error otherwise. */
export function firestoreGeoPointOf(point: GeoPoint): FirestoreGeoPoint {
  const { latitude, longitude } = decodeGeoPoint(point);
  return new FirestoreGeoPoint(latitude, longitude);
}

/** A stored GeoPoint → the core's GeoPoint, checked against SPEC §5's ranges. */
export function geoPointOf(value: unknown, field = "geo point"): GeoPoint {
  if (!(value instanceof FirestoreGeoPoint)) throw new TypeError(`${field} is not a Firestore GeoPoint`);
  return decodeGeoPoint({ latitude: value.latitude, longitude: value.longitude });
}
