import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { croppedSources, FALLBACK_IMAGE, focusPosition, imageSrcSet, imageUrl, intrinsicSize, parseFocus, type AspectRatio, type Asset, type CroppedSources, type FocalPoint, type ImageOptions } from "../../../core";
import styles from "./ContentImage.module.css";

/**
 * Art direction: where `media` holds, the picture is served cropped to `aspect` (its box's shape
 * there) around the asset's focal point, rather than shown whole and cropped by the browser.
 */
export interface ImageCrop {
  readonly media: string;
  readonly aspect: AspectRatio;
  /** The rendered width where `media` holds. */
  readonly sizes: string;
}

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
  /** Crops for boxes of another shape than the picture's, the first whose media holds chosen. */
  readonly crops?: readonly ImageCrop[];
}

/** The black logo's own size (public/images/logo-black.svg). */
const FALLBACK_SIZE = { width: 320, height: 96 };
const DEFAULT_WIDTH = 960;
const DEFAULT_OPTIONS: Omit<ImageOptions, "width" | "height"> = { format: "webp", quality: 75 };

/**
 * A CMS image: image-service URL and responsive srcset, width and height against layout shift,
 * lazy unless `priority`; crops at other shapes where `crops` says, and the asset's focal point kept
 * in view. A missing, unsafe or failing image shows the black logo (SPEC §3).
 */
export function ContentImage({ image, src, alt, title, sizes = "100vw", width, height, priority = false, options = DEFAULT_OPTIONS, className, fit = "cover", crops }: ContentImageProps) {
  const filename = safeImageSource(src ?? image?.filename);
  const [failed, setFailed] = useState(false);
  const element = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const img = element.current;
    if (img && filename && !filename.endsWith(".svg") && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [filename]);

  // One element, its attributes written out: on Node 20, props spread from a shared object and then
  // added to made V8 build 8 new hidden classes per image (27 on the home) on every render. The
  // fallback leaves srcSet, sizes and onError out (undefined), so each keeps its attributes' order.
  const shown = !filename || failed ? undefined : sourcesOf(filename, image?.focus, options);
  const given = width && height ? { width, height } : undefined;
  const size = shown ? (shown.intrinsic ?? given) : (given ?? FALLBACK_SIZE);
  const position = fit === "cover" ? shown?.position : undefined;
  const img = (
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
      onError={shown ? () => setFailed(true) : undefined}
      style={position}
    />
  );
  // What cannot be cropped (an SVG, another host's picture) is served whole everywhere.
  const cropped = shown && filename && crops
    ? crops.flatMap((crop) => {
        const sources = croppedOf(filename, image?.focus, crop.aspect, options);
        return sources ? [{ crop, sources }] : [];
      })
    : [];
  if (!cropped.length) return img;
  if (priority && shown) {
    // React preloads a priority image, but not one in a <picture>: each source is preloaded where it
    // alone is chosen (a source is chosen where its media holds and no earlier one's does).
    const earlier: string[] = [];
    for (const { crop, sources } of cropped) {
      preload(shown.src, { as: "image", fetchPriority: "high", imageSrcSet: sources.srcSet, imageSizes: crop.sizes, media: onlyWhere(crop.media, earlier) });
      earlier.push(crop.media);
    }
    if (shown.srcSet) preload(shown.src, { as: "image", fetchPriority: "high", imageSrcSet: shown.srcSet, imageSizes: sizes, media: onlyWhere(undefined, earlier) });
  }
  return (
    <picture>
      {cropped.map(({ crop, sources }) => (
        <source key={crop.media} media={crop.media} srcSet={sources.srcSet} sizes={crop.sizes} width={sources.width} height={sources.height} />
      ))}
      {img}
    </picture>
  );
}

interface ImageSources {
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
const cropsByOptions = new WeakMap<object, Map<string, CroppedSources | undefined>>();

function sourcesOf(filename: string, focus: string | null | undefined, options: Omit<ImageOptions, "width" | "height">): ImageSources {
  const sources = kept(sourcesByOptions, options);
  const key = focus ? `${filename} ${focus}` : filename;
  let found = sources.get(key);
  if (!found) {
    const intrinsic = intrinsicSize(filename);
    const requested = Math.min(DEFAULT_WIDTH, intrinsic?.width ?? DEFAULT_WIDTH);
    const objectPosition = focusPosition(parseFocus(focus), intrinsic);
    const position = objectPosition ? { objectPosition } : undefined;
    found = { intrinsic, src: imageUrl(filename, Object.assign({}, options, { width: requested })), srcSet: imageSrcSet(filename, options, intrinsic?.width) || undefined, position };
    if (sources.size >= SOURCES_KEPT) sources.clear();
    sources.set(key, found);
  }
  return found;
}

function croppedOf(filename: string, focus: string | null | undefined, aspect: AspectRatio, options: Omit<ImageOptions, "width" | "height">): CroppedSources | undefined {
  const crops = kept(cropsByOptions, options);
  const key = `${filename} ${focus ?? ""} ${aspect[0]}:${aspect[1]}`;
  if (crops.has(key)) return crops.get(key);
  const focal: FocalPoint | undefined = parseFocus(focus);
  const found = croppedSources(filename, aspect, focal ? Object.assign({}, options, { focal }) : options);
  if (crops.size >= SOURCES_KEPT) crops.clear();
  crops.set(key, found);
  return found;
}

/** A media query that holds where `media` does (everywhere without one) and none of `earlier` does. */
function onlyWhere(media: string | undefined, earlier: readonly string[]): string | undefined {
  const conditions = [...(media ? [earlier.length ? `(${media})` : media] : []), ...earlier.map((other) => `(not (${other}))`)];
  return conditions.length ? conditions.join(" and ") : undefined;
}

function kept<T>(byOptions: WeakMap<object, Map<string, T>>, options: object): Map<string, T> {
  let found = byOptions.get(options);
  if (!found) byOptions.set(options, (found = new Map()));
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
