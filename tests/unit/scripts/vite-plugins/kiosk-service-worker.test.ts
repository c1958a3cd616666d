import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KIOSK_SERVICE_WORKER_TEMPLATE, kioskServiceWorkerSource } from "../../../../scripts/vite-plugins/kiosk-service-worker";

const template = readFileSync(KIOSK_SERVICE_WORKER_TEMPLATE, "utf8");
const FILES = ["/kiosk/assets/index-a1.js", "/kiosk/assets/jsqr-frame-reader-b2.js", "/kiosk/icon.svg"];

describe("the kiosk's service worker as the build writes it", () => {
  it("keeps every file of the build for offline starts, the chunks loaded on demand among them", () => {
    const source = kioskServiceWorkerSource(template, FILES);
    expect(source).toContain(`const FILES = ${JSON.stringify(FILES)};`);
    expect(source).not.toContain("__KIOSK_SHELL_FILES__");
    expect(() => new Function(source)).not.toThrow();
  });

  it("refuses a template without its placeholder", () => {
    expect(() => kioskServiceWorkerSource("const FILES = [];", FILES)).toThrow(/__KIOSK_SHELL_FILES__/);
  });
});
