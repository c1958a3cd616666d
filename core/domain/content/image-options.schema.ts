import { Schema } from "effect";

const Percent = (name: string) =>
  Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100 }, { message: `${name} must be between 0 and 100` })));

const Coordinate = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 }, { message: "a focal point's coordinates must be between 0 and 100000" })));

/**
 * The part of a picture an editor marked to stay in view when it is cropped (Storyblok's asset
 * `focus`, its image service's `focal` filter): a rectangle in the original's pixels.
 */
export const FocalPoint = Schema.Struct({ left: Coordinate, top: Coordinate, right: Coordinate, bottom: Coordinate }).pipe(
  Schema.check(Schema.makeFilter(({ left, top, right, bottom }: { left: number; top: number; right: number; bottom: number }) => (right >= left && bottom >= top) || "a focal point's right and bottom are not before its left and top")),
);
export type FocalPoint = typeof FocalPoint.Type;

/** SPEC §3 image options, shared by the Storyblok image service and the embedded image endpoint. */
export const ImageOptions = Schema.Struct({
  width: Schema.optionalKey(Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 4000 }, { message: "width must be between 1 and 4000" })))),
  height: Schema.optionalKey(Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 4000 }, { message: "height must be between 0 and 4000" })))),
  blur: Schema.optionalKey(Percent("blur")),
  quality: Schema.optionalKey(Percent("quality")),
  brightness: Schema.optionalKey(Percent("brightness")),
  rotate: Schema.optionalKey(Schema.Literals([0, 90, 180, 270])),
  format: Schema.optionalKey(Schema.Literals(["webp", "png", "jpeg"])),
  /** Kept in view when both sides are given and the picture is cropped to them. */
  focal: Schema.optionalKey(FocalPoint),
});
export type ImageOptions = typeof ImageOptions.Type;
