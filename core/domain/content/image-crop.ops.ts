import type { FocalPoint, ImageOptions } from "./image-options.schema";
import { IMAGE_WIDTHS, imageUrl, intrinsicSize, isImageServiceAsset } from "./image-url.ops";

/** A picture's width to height, e.g. [2, 3] for a portrait crop. */
export type AspectRatio = readonly [width: number, height: number];

export interface Region {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The largest region of the given shape a picture holds, in whole pixels. */
export function largestCrop(sourceWidth: number, sourceHeight: number, [aspectWidth, aspectHeight]: AspectRatio): { width: number; height: number } {
  const width = Math.min(sourceWidth, Math.floor((sourceHeight * aspectWidth) / aspectHeight));
  const height = Math.min(sourceHeight, Math.floor((width * aspectHeight) / aspectWidth));
  return { width: Math.max(1, width), height: Math.max(1, height) };
}

/**
 * The region a crop to the given shape keeps: the largest of that shape, centred on the focal point
 * (the picture's centre without one) and moved back inside the picture where it would leave it.
 */
export function cropRegion(sourceWidth: number, sourceHeight: number, aspect: AspectRatio, focal?: FocalPoint): Region {
  const { width, height } = largestCrop(sourceWidth, sourceHeight, aspect);
  const centreX = focal ? (focal.left + focal.right) / 2 : sourceWidth / 2;
  const centreY = focal ? (focal.top + focal.bottom) / 2 : sourceHeight / 2;
  const place = (centre: number, side: number, source: number) => Math.round(Math.min(source - side, Math.max(0, centre - side / 2)));
  return { left: place(centreX, width, sourceWidth), top: place(centreY, height, sourceHeight), width, height };
}

/** A picture cropped to one shape: its srcset over the standard widths the crop holds, and the largest crop's size. */
export interface CroppedSources {
  readonly srcSet: string;
  readonly width: number;
  readonly height: number;
}

/**
 * `srcset` of crops to the given shape (art direction: a picture served at its box's shape rather
 * than cropped by the browser), over the standard widths and the largest crop the original holds.
 * Undefined for an SVG or a picture whose size its URL does not tell.
 */
export function croppedSources(filename: string | null | undefined, aspect: AspectRatio, options: Omit<ImageOptions, "width" | "height"> = {}): CroppedSources | undefined {
  const intrinsic = intrinsicSize(filename);
  if (!filename || !intrinsic || !isImageServiceAsset(filename)) return undefined;
  const largest = largestCrop(intrinsic.width, intrinsic.height, aspect);
  const widths: number[] = IMAGE_WIDTHS.filter((width) => width < largest.width);
  widths.push(largest.width);
  const heightOf = (width: number) => (width === largest.width ? largest.height : Math.round((width * aspect[1]) / aspect[0]));
  const srcSet = widths.map((width) => `${imageUrl(filename, { ...options, width, height: heightOf(width) })} ${width}w`).join(", ");
  return { srcSet, width: largest.width, height: largest.height };
}
