import type { FocalPoint } from "../content/image-options.schema";

// The editor's side of a picture's focal point (the site's side, reading it, is content/image-focus.ops):
// apart, so that the visitor's pages do not load what only the editor's picker runs.

/** A point on a picture as fractions of its width and height, from its top left corner (0–1 each). */
export interface FocusFraction {
  readonly x: number;
  readonly y: number;
}

/**
 * The focal point an editor sets by pointing at a picture: one pixel there, as Storyblok stores
 * a point (`{x}x{y}:{x+1}x{y+1}`), kept inside the picture.
 */
export function focusAtFraction({ x, y }: FocusFraction, size: { readonly width: number; readonly height: number }): FocalPoint {
  const pixel = (fraction: number, side: number) => Math.min(Math.max(side - 1, 0), Math.max(0, Math.floor((Number.isFinite(fraction) ? fraction : 0.5) * side)));
  const left = pixel(x, size.width);
  const top = pixel(y, size.height);
  return { left, top, right: left + 1, bottom: top + 1 };
}

/** Where a focal point's centre is, as fractions of the picture's sides (0–1 each). */
export function focusFraction(focal: FocalPoint, size: { readonly width: number; readonly height: number }): FocusFraction {
  const fraction = (centre: number, side: number) => (side > 0 ? Math.min(1, Math.max(0, centre / side)) : 0.5);
  return { x: fraction((focal.left + focal.right) / 2, size.width), y: fraction((focal.top + focal.bottom) / 2, size.height) };
}
