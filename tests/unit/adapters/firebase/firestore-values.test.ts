import { GeoPoint as FirestoreGeoPoint, Timestamp as FirestoreTimestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { firestoreGeoPointOf, geoPointOf, instantOfTimestamp, timestampOfInstant } from "../../../../adapters/firebase/firestore-values";

// SPEC §3's database value types as Firestore stores them; no emulator needed (Firestore's cannot
// run here), the SDK's value classes are plain objects.

describe("Firestore timestamps", () => {
  it("hold an instant as seconds and nanoseconds, and give it back to the millisecond", () => {
    const stored = timestampOfInstant("2031-03-04T05:06:07.089Z");
    expect(stored).toBeInstanceOf(FirestoreTimestamp);
    expect({ seconds: stored.seconds, nanoseconds: stored.nanoseconds }).toEqual({ seconds: Date.UTC(2031, 2, 4, 5, 6, 7) / 1000, nanoseconds: 89_000_000 });
    expect(instantOfTimestamp(stored)).toBe("2031-03-04T05:06:07.089Z");
  });

  it("keep instants before 1970 (negative seconds, nanoseconds still counted forward)", () => {
    const stored = timestampOfInstant("1969-12-31T23:59:59.250Z");
    expect({ seconds: stored.seconds, nanoseconds: stored.nanoseconds }).toEqual({ seconds: -1, nanoseconds: 250_000_000 });
    expect(instantOfTimestamp(stored)).toBe("1969-12-31T23:59:59.250Z");
  });

  it("read back a stored value's sub-millisecond part as the millisecond it falls in", () => {
    expect(instantOfTimestamp(new FirestoreTimestamp(0, 999_999))).toBe("1970-01-01T00:00:00.000Z");
  });

  it("refuse what is no instant, and stored values of another type", () => {
    expect(() => timestampOfInstant("yesterday")).toThrow(RangeError);
    expect(() => timestampOfInstant("+010000-01-01T00:00:00.000Z")).toThrow();
    expect(() => instantOfTimestamp({ seconds: 1, nanoseconds: 0 })).toThrow(TypeError);
    expect(() => instantOfTimestamp("2031-03-04T05:06:07.089Z")).toThrow(TypeError);
  });
});

describe("Firestore geo points", () => {
  it("take latitude −90..90 and longitude −180..180, the bounds included", () => {
    for (const point of [
      { latitude: 39.4699, longitude: -0.3763 },
      { latitude: -90, longitude: -180 },
      { latitude: 90, longitude: 180 },
    ]) {
      const stored = firestoreGeoPointOf(point);
      expect(stored).toBeInstanceOf(FirestoreGeoPoint);
      expect(geoPointOf(stored)).toEqual(point);
    }
  });

  it("refuse a latitude or longitude out of range, or not a number, with the form's message key", () => {
    expect(() => firestoreGeoPointOf({ latitude: 90.0001, longitude: 0 })).toThrow(/validation\.latitude\.range/);
    expect(() => firestoreGeoPointOf({ latitude: 0, longitude: -180.5 })).toThrow(/validation\.longitude\.range/);
    expect(() => firestoreGeoPointOf({ latitude: Number.NaN, longitude: 0 })).toThrow(/validation\.latitude\.range/);
    expect(() => geoPointOf({ latitude: 1, longitude: 2 })).toThrow(TypeError);
  });
});
