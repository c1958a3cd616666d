import type { FocalPoint } from "./image-options.schema";

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
