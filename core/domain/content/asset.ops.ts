import type { Asset } from "./asset.schema";

/** Whether an asset field holds an image (editors leave them empty). */
export function hasImage(asset: Asset | undefined | null): asset is Asset & { filename: string } {
  return Boolean(asset?.filename);
}

/** The files an asset may be, by extension, with the type they are served as. */
export const ASSET_FILE_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};
