import { useState } from "react";
import { preload } from "react-dom";
import { croppedSources, parseFocus, type AspectRatio, type CroppedSources, type ImageOptions } from "../../../core";
import { ContentImage, contentImageSources, DEFAULT_IMAGE_OPTIONS, safeImageSource, type ContentImageProps } from "../content-image/ContentImage";

/**
 * Where `media` holds, the picture is served cropped to `aspect` (its box's shape there) around
 * the asset's focal point, rather than shown whole and cropped by the browser.
 */
export interface ImageCrop {
  readonly media: string;
  readonly aspect: AspectRatio;
  /** The rendered width where `media` holds. */
  readonly sizes: string;
}

export interface ContentPictureProps extends Omit<ContentImageProps, "onFailed"> {
  /** The first whose media holds is chosen; the whole picture where none does. */
  readonly crops: readonly ImageCrop[];
}

/**
 * A CMS image with art direction: a `<picture>` whose sources are crops at the shapes of its box
 * (a hero slide held upright), the whole picture elsewhere. What cannot be cropped (an SVG,
 * another host's picture) is a ContentImage; a picture that fails shows the black logo.
 */
export function ContentPicture({ crops, ...image }: ContentPictureProps) {
  const [failed, setFailed] = useState(false);
  const filename = safeImageSource(image.src ?? image.image?.filename);
  const options = image.options ?? DEFAULT_IMAGE_OPTIONS;
  const focus = image.image?.focus;
  const cropped = filename ? allCrops(filename, focus, crops, options) : undefined;
  const img = (
    <ContentImage
      image={image.image}
      src={image.src}
      alt={image.alt}
      title={image.title}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      priority={image.priority}
      options={image.options}
      className={image.className}
      fit={image.fit}
      onFailed={() => setFailed(true)}
    />
  );
  if (!filename || !cropped) return img;
  if (image.priority && !failed) preloadChosen(filename, focus, crops, cropped, image.sizes ?? "100vw", options);
  // The image stays where it is when it fails (its own state shows the logo): only the sources go.
  return (
    <picture>
      {failed ? null : crops.map((crop, index) => <source key={crop.media} media={crop.media} srcSet={cropped[index]?.srcSet} sizes={crop.sizes} width={cropped[index]?.width} height={cropped[index]?.height} />)}
      {img}
    </picture>
  );
}

/**
 * React preloads a priority `<img>`, but not one in a `<picture>`: each source is preloaded where it
 * alone is chosen (its media holds and no earlier one's does), the whole picture where none is.
 */
function preloadChosen(filename: string, focus: string | null | undefined, crops: readonly ImageCrop[], cropped: readonly CroppedSources[], sizes: string, options: Omit<ImageOptions, "width" | "height">): void {
  const media = exclusiveMedia(crops);
  crops.forEach((crop, index) => preload(filename, { as: "image", fetchPriority: "high", imageSrcSet: cropped[index]?.srcSet, imageSizes: crop.sizes, media: media.crops[index] }));
  const whole = contentImageSources(filename, focus, options).srcSet;
  if (whole) preload(filename, { as: "image", fetchPriority: "high", imageSrcSet: whole, imageSizes: sizes, media: media.whole });
}

// A list of crops is a constant of the component that shows it: its media queries are worked out once.
const mediaByCrops = new WeakMap<readonly ImageCrop[], { crops: (string | undefined)[]; whole: string | undefined }>();

function exclusiveMedia(crops: readonly ImageCrop[]): { crops: (string | undefined)[]; whole: string | undefined } {
  let found = mediaByCrops.get(crops);
  if (!found) {
    const media = crops.map((crop) => crop.media);
    found = { crops: media.map((own, index) => onlyWhere(own, media.slice(0, index))), whole: onlyWhere(undefined, media) };
    mediaByCrops.set(crops, found);
  }
  return found;
}

/** A media query that holds where `media` does (everywhere without one) and none of `earlier` does. */
function onlyWhere(media: string | undefined, earlier: readonly string[]): string | undefined {
  const conditions = [...(media ? [earlier.length ? `(${media})` : media] : []), ...earlier.map((other) => `(not (${other}))`)];
  return conditions.length ? conditions.join(" and ") : undefined;
}

/** The picture's crops, one a crop; undefined when it cannot be cropped (an SVG, another host's picture: all or none). */
function allCrops(filename: string, focus: string | null | undefined, crops: readonly ImageCrop[], options: Omit<ImageOptions, "width" | "height">): CroppedSources[] | undefined {
  const found: CroppedSources[] = [];
  for (const crop of crops) {
    const sources = croppedOf(filename, focus, crop.aspect, options);
    if (!sources) return undefined;
    found.push(sources);
  }
  return found.length ? found : undefined;
}

// A picture's crops are the same on every render: worked out once per options object.
const CROPS_KEPT = 500;
const cropsByOptions = new WeakMap<object, Map<string, CroppedSources | undefined>>();

function croppedOf(filename: string, focus: string | null | undefined, aspect: AspectRatio, options: Omit<ImageOptions, "width" | "height">): CroppedSources | undefined {
  let crops = cropsByOptions.get(options);
  if (!crops) cropsByOptions.set(options, (crops = new Map()));
  const key = `${filename} ${focus ?? ""} ${aspect[0]}:${aspect[1]}`;
  if (crops.has(key)) return crops.get(key);
  const focal = parseFocus(focus);
  const found = croppedSources(filename, aspect, focal ? Object.assign({}, options, { focal }) : options);
  if (crops.size >= CROPS_KEPT) crops.clear();
  crops.set(key, found);
  return found;
}
