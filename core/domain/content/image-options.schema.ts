import { Schema } from "effect";

const Percent = (name: string) =>
  Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100 }, { message: `${name} must be between 0 and 100` })));

/** SPEC §3 image options, shared by the Storyblok image service and the embedded image endpoint. */
export const ImageOptions = Schema.Struct({
  width: Schema.optionalKey(Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 4000 }, { message: "width must be between 1 and 4000" })))),
  height: Schema.optionalKey(Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 4000 }, { message: "height must be between 0 and 4000" })))),
  blur: Schema.optionalKey(Percent("blur")),
  quality: Schema.optionalKey(Percent("quality")),
  brightness: Schema.optionalKey(Percent("brightness")),
  rotate: Schema.optionalKey(Schema.Literals([0, 90, 180, 270])),
  format: Schema.optionalKey(Schema.Literals(["webp", "png", "jpeg"])),
});
export type ImageOptions = typeof ImageOptions.Type;
