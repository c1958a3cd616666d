/** The browser's barcode reader (Chromium on Android, ChromeOS, macOS): not in every DOM typing yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<readonly { readonly rawValue: string }[]>;
}
declare const BarcodeDetector:
  | { new (options: { formats: string[] }): BarcodeDetectorLike; getSupportedFormats(): Promise<string[]> }
  | undefined;

/** Reads the QR code in a video's current frame: its text, or undefined when none can be read. */
export type QrFrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;

/** Whether this browser can show the kiosk a camera: every code is then read, by the browser or by jsQR. */
export function hasCameraScanner(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * The browser's own BarcodeDetector where it reads QR codes; elsewhere jsQR, loaded only then (its
 * chunk stays off the kiosk's first screen, and the service worker keeps it for offline starts).
 */
async function qrFrameReader(): Promise<QrFrameReader> {
  if (typeof BarcodeDetector !== "undefined" && (await BarcodeDetector.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { jsqrFrameReader } = await import("./jsqr-frame-reader");
  return jsqrFrameReader();
}

/**
 * Reads QR codes from the back camera into `onRead` a few times a second, the same code not again
 * for a few seconds (a ticket held up in front of the camera is one scan). Returns the stop.
 */
export async function startCameraScanner(video: HTMLVideoElement, onRead: (text: string) => void): Promise<() => void> {
  const read = await qrFrameReader();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  await video.play();
  let last = { text: "", at: 0 };
  let reading = false;
  const timer = setInterval(() => {
    // A slow frame (jsQR on a small device) is not queued behind another.
    if (reading) return;
    reading = true;
    read(video)
      .then(
        (text) => {
          if (!text || (text === last.text && performance.now() - last.at < 3_000)) return;
          last = { text, at: performance.now() };
          onRead(text);
        },
        () => {},
      )
      .finally(() => (reading = false));
  }, 250);
  return () => {
    clearInterval(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
