import jsQR from "jsqr";
import type { QrFrameReader } from "./camera-scanner";

/** The longest side of a frame handed to the decoder: a QR code held up to a tablet fills much of it. */
const MAX_FRAME_SIDE = 640;

/** An image's pixels, four bytes (RGBA) each, row by row: what a canvas's getImageData gives. */
export interface RgbaImage {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** The text of the QR code in the image, if one can be read there. */
export function readQrCode(image: RgbaImage): string | undefined {
  // Both ways round: a ticket on a phone in dark mode can show light modules on dark.
  return jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" })?.data || undefined;
}

/**
 * The camera's frames read with jsQR, where the browser has no BarcodeDetector (Chromium on Linux
 * and Windows, Firefox, Safari): each frame drawn on a canvas of at most MAX_FRAME_SIDE pixels a side.
 */
export function jsqrFrameReader(): QrFrameReader {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return undefined;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return readQrCode(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}
