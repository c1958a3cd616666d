import type { FocalPoint } from "./image-options.schema";

/** A picture's width to height, e.g. [2, 3] for a portrait crop. */
export type AspectRatio = readonly [width: number, height: number];

export interface Region {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Storyblok's asset `focus`, `{left}x{top}:{right}x{bottom}` in the original's pixels; undefined when unset or unreadable. */
export function parseFocus(focus: string | null | undefined): FocalPoint | undefined {
  const match = focus ? /^(\d{1,6})x(\d{1,6}):(\d{1,6})x(\d{1,6})$/.exec(focus.trim()) : null;
  if (!match) return undefined;
  const [left, top, right, bottom] = match.slice(1).map(Number) as [number, number, number, number];
  return right >= left && bottom >= top ? { left, top, right, bottom } : undefined;
}

/** The image service's way of writing a focal point, the same as Storyblok's asset `focus`. */
export function formatFocus({ left, top, right, bottom }: FocalPoint): string {
  return `${left}x${top}:${right}x${bottom}`;
}

/**
 * Where a picture that covers its box sits (CSS `object-position`), so that its focal point stays
 * in view whatever part the box crops away; undefined (centred) without one.
 */
export function focusPosition(focal: FocalPoint | undefined, size: { readonly width: number; readonly height: number } | undefined): string | undefined {
  if (!focal || !size || size.width <= 0 || size.height <= 0) return undefined;
  const percent = (centre: number, side: number) => `${Math.round(Math.min(100, Math.max(0, (centre / side) * 100)))}%`;
  return `${percent((focal.left + focal.right) / 2, size.width)} ${percent((focal.top + focal.bottom) / 2, size.height)}`;
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
