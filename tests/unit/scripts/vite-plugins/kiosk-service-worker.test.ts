import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KIOSK_CACHE_PREFIX, KIOSK_SERVICE_WORKER_TEMPLATE, kioskCacheName, kioskServiceWorkerSource } from "../../../../scripts/vite-plugins/kiosk-service-worker";

const template = readFileSync(KIOSK_SERVICE_WORKER_TEMPLATE, "utf8");
const FILES = [
  { address: "/kiosk/", content: "<!doctype html><title>Kiosk</title>" },
  { address: "/kiosk/assets/index-a1.js", content: "console.log(1)" },
  { address: "/kiosk/assets/jsqr-frame-reader-b2.js", content: "export const read = () => {}" },
  { address: "/kiosk/icon.svg", content: new TextEncoder().encode("<svg/>") },
];

describe("the kiosk's service worker as the build writes it", () => {
  it("keeps every file of the build for offline starts, the chunks loaded on demand among them", () => {
    const source = kioskServiceWorkerSource(template, FILES);
    expect(source).toContain(`const FILES = ${JSON.stringify(FILES.map((file) => file.address))};`);
    expect(source).not.toMatch(/__KIOSK_SHELL_(FILES|CACHE)__/);
    expect(() => new Function(source)).not.toThrow();
  });

  it("names its cache after the build: the same files the same cache, any file changed (or the worker's code) a new one", () => {
    const name = kioskCacheName(template, FILES);
    expect(name).toMatch(new RegExp(`^${KIOSK_CACHE_PREFIX}[0-9a-f]{16}$`));
    expect(kioskServiceWorkerSource(template, FILES)).toContain(`const SHELL = "${name}";`);
    expect(kioskCacheName(template, [...FILES].reverse())).toBe(name);
    expect(kioskCacheName(template, FILES.map((file) => (file.address === "/kiosk/" ? { ...file, content: "<!doctype html><title>Kiosk 2</title>" } : file)))).not.toBe(name);
    expect(kioskCacheName(template, FILES.map((file) => (file.address === "/kiosk/icon.svg" ? { ...file, content: new TextEncoder().encode("<svg></svg>") } : file)))).not.toBe(name);
    expect(kioskCacheName(template, FILES.slice(1))).not.toBe(name);
    expect(kioskCacheName(`${template}\n`, FILES)).not.toBe(name);
  });

  it("refuses a template without its placeholders", () => {
    expect(() => kioskServiceWorkerSource("const FILES = __KIOSK_SHELL_FILES__;", FILES)).toThrow(/__KIOSK_SHELL_CACHE__/);
  });
});
