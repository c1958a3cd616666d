import { formatFocus, parseFocus } from "./image-focus.ops";
import type { ImageOptions } from "./image-options.schema";

/** The widths a responsive image offers: 800 is what a phone of DPR 2 needs for a full-width card (≈ 720 px). */
export const IMAGE_WIDTHS = [360, 640, 800, 960, 1280, 1920] as const;

/** SPEC §3: the fallback image is the black logo. */
export const FALLBACK_IMAGE = "/images/logo-black.svg";

// Storyblok's CDN, and the embedded server's asset path, which mirrors it: /a/f/{space}/{w}x{h}/{hash}/{name}.
const IMAGE_SERVICE_ASSET = /^(https:\/\/a(-[a-z]{2})?\.storyblok\.com\/f\/|\/a\/f\/)/;

/**
 * One URL builder for every image. Storyblok's image service (`{asset}/m/{w}x{h}/filters:…`)
 * serves CDN assets; the embedded server answers the same syntax for its own assets.
 */
export function imageUrl(filename: string | null | undefined, options: ImageOptions = {}): string {
  if (!filename) return FALLBACK_IMAGE;
  if (!isImageServiceAsset(filename)) return filename;
  return imageServiceUrl(filename, options);
}

/** Whether the image service transforms this asset (an SVG, or another host's picture, it does not). */
export function isImageServiceAsset(filename: string): boolean {
  return !filename.endsWith(".svg") && IMAGE_SERVICE_ASSET.test(filename);
}

function imageServiceUrl(filename: string, options: ImageOptions): string {
  const filters: string[] = [];
  if (options.quality !== undefined) filters.push(`quality(${options.quality})`);
  if (options.format) filters.push(`format(${options.format})`);
  if (options.blur !== undefined) filters.push(`blur(${options.blur})`);
  // Storyblok's brightness runs -100..100 around 0; ours runs 0..100 around 50.
  if (options.brightness !== undefined) filters.push(`brightness(${(options.brightness - 50) * 2})`);
  if (options.rotate) filters.push(`rotate(${options.rotate})`);
  if (options.focal) filters.push(`focal(${formatFocus(options.focal)})`);
  const size = options.width || options.height ? `/${options.width ?? 0}x${options.height ?? 0}` : "";
  const filterPart = filters.length ? `/filters:${filters.join(":")}` : "";
  return `${filename}/m${size}${filterPart}`;
}

/** `srcset` over the standard widths, never wider than the original when it is known. */
export function imageSrcSet(filename: string | null | undefined, options: Omit<ImageOptions, "width" | "height"> = {}, maxWidth?: number): string | undefined {
  if (!filename || filename.endsWith(".svg")) return undefined;
  const widths = IMAGE_WIDTHS.filter((width) => maxWidth === undefined || width <= maxWidth);
  return widths.map((width) => `${imageUrl(filename, { ...options, width })} ${width}w`).join(", ");
}

/** Storyblok asset URLs carry the original size: `/f/{space}/{w}x{h}/{hash}/{name}`. */
export function intrinsicSize(filename: string | null | undefined): { width: number; height: number } | undefined {
  const match = filename ? /\/(\d+)x(\d+)\//.exec(filename) : null;
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/**
 * Reads an image-service path back into the asset and its options (the embedded image endpoint's
 * side of imageUrl). Returns undefined when the path is not an image-service request; the options
 * still have to be validated with the ImageOptions schema.
 */
export function parseImageServicePath(path: string): { asset: string; options: Record<string, unknown> } | undefined {
  const at = path.indexOf("/m/");
  const bare = path.endsWith("/m");
  if (at === -1 && !bare) return undefined;
  const asset = bare ? path.slice(0, -2) : path.slice(0, at);
  const rest = bare ? "" : path.slice(at + 3);
  const options: Record<string, unknown> = {};
  let filters = "";
  for (const segment of rest.split("/").filter(Boolean)) {
    const size = /^(\d+)x(\d+)$/.exec(segment);
    if (size) {
      if (Number(size[1]) > 0) options.width = Number(size[1]);
      if (Number(size[2]) > 0) options.height = Number(size[2]);
    } else if (segment.startsWith("filters:")) {
      filters = segment.slice("filters:".length);
    } else {
      options.invalid = segment;
    }
  }
  // A focal point's own colon is inside its parentheses.
  for (const filter of filters.split(/:(?![^(]*\))/).filter(Boolean)) {
    const match = /^([a-z_]+)\(([^)]*)\)$/.exec(filter);
    if (!match) {
      options.invalid = filter;
      continue;
    }
    const [, name, value = ""] = match;
    if (name === "format") options.format = value;
    else if (name === "quality" || name === "blur" || name === "rotate") options[name] = Number(value);
    // Back from Storyblok's -100..100 to our 0..100.
    else if (name === "brightness") options.brightness = Number(value) / 2 + 50;
    else if (name === "focal") {
      const focal = parseFocus(value);
      if (focal) options.focal = focal;
      else options.invalid = filter;
    }
    else options.invalid = filter;
  }
  return { asset, options };
}
