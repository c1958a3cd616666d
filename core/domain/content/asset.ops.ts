import type { Asset } from "./asset.schema";

/** Whether an asset field holds an image (editors leave them empty). */
export function hasImage(asset: Asset | undefined | null): asset is Asset & { filename: string } {
  return Boolean(asset?.filename);
}
