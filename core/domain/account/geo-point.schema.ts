import { Schema } from "effect";
import { Latitude, Longitude } from "../forms/field.schema";

/**
 * SPEC §3's database value type "geo point (latitude, longitude)", with SPEC §5's ranges: latitude
 * −90 to 90, longitude −180 to 180. Stores decode what they read with it and refuse to write
 * anything it refuses.
 */
export const GeoPoint = Schema.Struct({ latitude: Latitude, longitude: Longitude });
export type GeoPoint = typeof GeoPoint.Type;
