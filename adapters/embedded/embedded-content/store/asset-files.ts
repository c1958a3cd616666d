/*
 * The embedded assets' files as the image service (adapters/http/server/image-service.route.ts)
 * and the asset writer both read them: where an asset object's file is served, how big an input may
 * be, and where transformed images are kept.
 */

/** Pixels an input may declare before it is refused undecoded (a decompression bomb). */
export const DEFAULT_MAX_INPUT_PIXELS = 40_000_000;

/** A transformed image: its bytes and their media type. */
export interface ImageVariant {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly type: string;
}

/** Transformed images kept between requests, processes and restarts, by the transformation's key. */
export interface ImageVariantStore {
  read(key: string): Promise<ImageVariant | undefined>;
  write(key: string, variant: ImageVariant): Promise<void>;
}

/** `f/{space}/…` of an asset object's `filename` (a.storyblok.com, a regional host or a path), decoded. */
export function assetUrlPath(json: string): string | undefined {
  let filename: unknown;
  try {
    filename = (JSON.parse(json) as { filename?: unknown } | null)?.filename;
  } catch {
    return undefined;
  }
  if (typeof filename !== "string" || !filename) return undefined;
  let pathname: string;
  try {
    pathname = new URL(filename, "https://a.storyblok.com").pathname;
  } catch {
    return undefined;
  }
  const segments = safeSegments(pathname.replace(/^\/+/, ""));
  if (!segments) return undefined;
  const start = segments.findIndex((segment, at) => segment === "f" && /^\d+$/.test(segments[at + 1] ?? ""));
  return start === -1 || segments.length - start < 3 ? undefined : segments.slice(start).join("/");
}

/** URL path segments, decoded; undefined when any could leave the folder or is not a plain name. */
export function safeSegments(path: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (!segment || segment === "." || segment === ".." || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}
