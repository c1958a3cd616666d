/** The browser's barcode reader (Chromium on Android, ChromeOS, macOS): not in every DOM typing yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<readonly { readonly rawValue: string }[]>;
}
declare const BarcodeDetector: { new (options: { formats: string[] }): BarcodeDetectorLike } | undefined;

/** Whether this browser reads QR codes from the camera itself. */
export function hasCameraScanner(): boolean {
  return typeof BarcodeDetector !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * Reads QR codes from the back camera into `onRead` a few times a second, the same code not again
 * for a few seconds (a ticket held up in front of the camera is one scan). Returns the stop.
 */
export async function startCameraScanner(video: HTMLVideoElement, onRead: (text: string) => void): Promise<() => void> {
  if (typeof BarcodeDetector === "undefined") throw new Error("BarcodeDetector missing");
  const detector = new BarcodeDetector({ formats: ["qr_code"] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  await video.play();
  let last = { text: "", at: 0 };
  const timer = setInterval(() => {
    detector.detect(video).then(
      (codes) => {
        const text = codes[0]?.rawValue;
        if (!text || (text === last.text && performance.now() - last.at < 3_000)) return;
        last = { text, at: performance.now() };
        onRead(text);
      },
      () => {},
    );
  }, 250);
  return () => {
    clearInterval(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
