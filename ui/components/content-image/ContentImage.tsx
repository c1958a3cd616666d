import { useEffect, useRef, useState } from "react";
import { FALLBACK_IMAGE, focusPosition, imageSrcSet, imageUrl, intrinsicSize, parseFocus, type Asset, type ImageOptions } from "../../../core";
import styles from "./ContentImage.module.css";

export interface ContentImageProps {
  /** A CMS asset (filename and alt); or give `src`. */
  readonly image?: Asset | null;
  readonly src?: string | null;
  /** Overrides the asset's alt text; "" marks a decorative image. */
  readonly alt?: string;
  readonly title?: string;
  /** The rendered width per viewport, for the browser's choice from srcset. */
  readonly sizes?: string;
  /** Used when the asset's URL does not carry its size. */
  readonly width?: number;
  readonly height?: number;
  /** Above the fold: loaded eagerly and early (no lazy loading). */
  readonly priority?: boolean;
  readonly options?: Omit<ImageOptions, "width" | "height">;
  readonly className?: string;
  readonly fit?: "cover" | "contain";
  /** Told when the picture could not be shown, and the black logo is shown instead. */
  readonly onFailed?: () => void;
}

/** The black logo's own size (public/images/logo-black.svg). */
const FALLBACK_SIZE = { width: 320, height: 96 };
const DEFAULT_WIDTH = 960;
export const DEFAULT_IMAGE_OPTIONS: Omit<ImageOptions, "width" | "height"> = { format: "webp", quality: 75 };

/**
 * A CMS image: image-service URL and responsive srcset, width and height against layout shift,
 * lazy unless `priority`, the asset's focal point kept in view where its box crops it. A missing,
 * unsafe or failing image shows the black logo (SPEC §3).
 */
export function ContentImage({ image, src, alt, title, sizes = "100vw", width, height, priority = false, options = DEFAULT_IMAGE_OPTIONS, className, fit = "cover", onFailed }: ContentImageProps) {
  const filename = safeImageSource(src ?? image?.filename);
  const [failed, setFailed] = useState(false);
  const element = useRef<HTMLImageElement>(null);
  const fail = () => {
    setFailed(true);
    onFailed?.();
  };

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const img = element.current;
    if (img && filename && !filename.endsWith(".svg") && img.complete && img.naturalWidth === 0) fail();
  }, [filename]);

  // One element, its attributes written out: on Node 20, props spread from a shared object and then
  // added to made V8 build 8 new hidden classes per image (27 on the home) on every render. The
  // fallback leaves srcSet, sizes and onError out (undefined), so each keeps its attributes' order.
  const shown = !filename || failed ? undefined : contentImageSources(filename, image?.focus, options);
  const given = width && height ? { width, height } : undefined;
  const size = shown ? (shown.intrinsic ?? given) : (given ?? FALLBACK_SIZE);
  return (
    <img
      ref={element}
      alt={alt ?? image?.alt ?? ""}
      title={title || undefined}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      src={shown ? shown.src : FALLBACK_IMAGE}
      srcSet={shown?.srcSet}
      sizes={shown?.srcSet ? sizes : undefined}
      width={size?.width}
      height={size?.height}
      className={shown ? join(styles.image, fit === "contain" ? styles.contain : undefined, className) : join(styles.image, styles.fallback, className)}
      data-fallback={shown ? undefined : ""}
      onError={shown ? fail : undefined}
      style={fit === "cover" ? shown?.position : undefined}
    />
  );
}

export interface ImageSources {
  readonly intrinsic: ReturnType<typeof intrinsicSize>;
  readonly src: string;
  readonly srcSet: string | undefined;
  /** Where its focal point puts a covering picture. */
  readonly position: { readonly objectPosition: string } | undefined;
}

// An image's URLs are the same on every render of every page that shows it: worked out once (per
// options object, a page's few images at a time among the content's).
const SOURCES_KEPT = 2000;
const sourcesByOptions = new WeakMap<object, Map<string, ImageSources>>();

/** The image's URLs, srcset and placement, worked out once for every render that shows it. */
export function contentImageSources(filename: string, focus: string | null | undefined, options: Omit<ImageOptions, "width" | "height">): ImageSources {
  let sources = sourcesByOptions.get(options);
  if (!sources) sourcesByOptions.set(options, (sources = new Map()));
  const key = focus ? `${filename} ${focus}` : filename;
  let found = sources.get(key);
  if (!found) {
    const intrinsic = intrinsicSize(filename);
    const requested = Math.min(DEFAULT_WIDTH, intrinsic?.width ?? DEFAULT_WIDTH);
    const objectPosition = focusPosition(parseFocus(focus), intrinsic);
    found = {
      intrinsic,
      src: imageUrl(filename, Object.assign({}, options, { width: requested })),
      srcSet: imageSrcSet(filename, options, intrinsic?.width) || undefined,
      position: objectPosition ? { objectPosition } : undefined,
    };
    if (sources.size >= SOURCES_KEPT) sources.clear();
    sources.set(key, found);
  }
  return found;
}

/** Only http(s) and same-site paths may become an image source (no data:, javascript:, //host). */
export function safeImageSource(source: string | null | undefined): string | undefined {
  const value = source?.trim();
  if (!value) return undefined;
  return /^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value) ? value : undefined;
}

function join(...classes: (string | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
