import { Schema } from "effect";

export const Latitude = Schema.Number.annotate({ message: "validation.latitude.range" })
  .pipe(Schema.check(Schema.isBetween({ minimum: -90, maximum: 90 }, { message: "validation.latitude.range" })))
  .annotateKey({ messageMissingKey: "validation.latitude.range" });
export const Longitude = Schema.Number.annotate({ message: "validation.longitude.range" })
  .pipe(Schema.check(Schema.isBetween({ minimum: -180, maximum: 180 }, { message: "validation.longitude.range" })))
  .annotateKey({ messageMissingKey: "validation.longitude.range" });

/**
 * SPEC §3's database value type "geo point (latitude, longitude)", with SPEC §5's ranges: latitude
 * −90 to 90, longitude −180 to 180. Stores decode what they read with it and refuse to write
 * anything it refuses.
 */
export const GeoPoint = Schema.Struct({ latitude: Latitude, longitude: Longitude });
export type GeoPoint = typeof GeoPoint.Type;
