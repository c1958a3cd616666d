import { describe, expect, it } from "vitest";
import {
  isChunkLoadError,
  isVerySlowConnection,
  mayReload,
  NEW_BUILD_CHECK,
} from "../../../../../core/domain/build/new-build.settings";

describe("new-build check settings (SPEC §2/§9)", () => {
  it("checks 1 s after load and reloads at most once per 10 s", () => {
    expect(NEW_BUILD_CHECK.firstCheckDelayMs).toBe(1000);
    expect(NEW_BUILD_CHECK.reloadGuardMs).toBe(10_000);
    expect(NEW_BUILD_CHECK.intervalMs).toBeGreaterThan(NEW_BUILD_CHECK.firstCheckDelayMs);
  });
});

describe("isVerySlowConnection", () => {
  it("is true for 2g, slow-2g and data saving", () => {
    expect(isVerySlowConnection("2g", false)).toBe(true);
    expect(isVerySlowConnection("slow-2g", undefined)).toBe(true);
    expect(isVerySlowConnection("4g", true)).toBe(true);
  });

  it("is false for faster or unknown connections", () => {
    expect(isVerySlowConnection("3g", false)).toBe(false);
    expect(isVerySlowConnection("4g", undefined)).toBe(false);
    expect(isVerySlowConnection(undefined, undefined)).toBe(false);
  });
});

describe("mayReload", () => {
  it("allows the first reload", () => {
    expect(mayReload(undefined, 0)).toBe(true);
  });

  it("blocks a reload within 10 s of the last one and allows it from 10 s on", () => {
    expect(mayReload(50_000, 50_000)).toBe(false);
    expect(mayReload(50_000, 59_999)).toBe(false);
    expect(mayReload(50_000, 60_000)).toBe(true);
    expect(mayReload(50_000, 90_000)).toBe(true);
  });

  it("takes a custom guard", () => {
    expect(mayReload(0, 999, 1000)).toBe(false);
    expect(mayReload(0, 1000, 1000)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it("recognises how browsers and Vite word a failed dynamic import", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://arena.test/assets/page-abc123.js", // Chromium
      "error loading dynamically imported module: https://arena.test/assets/page-abc123.js", // Firefox
      "Importing a module script failed.", // Safari
      "Unable to preload CSS for /assets/page-abc123.css", // Vite
      "ChunkLoadError: Loading chunk 7 failed.",
    ]) {
      expect(isChunkLoadError(message)).toBe(true);
    }
  });

  it("leaves other failures alone", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Cannot read properties of undefined", ""]) {
      expect(isChunkLoadError(message)).toBe(false);
    }
  });
});
