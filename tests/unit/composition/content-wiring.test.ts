import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../composition/config";
import { wireContent, type ContentWiring } from "../../../composition/content";
import { createConsoleLogger } from "../../../adapters/local/console-logger.adapter";
import { inProcessRateLimiters } from "../../../core";

describe("the embedded content's wiring", () => {
  const wired: ContentWiring[] = [];
  const wire = (secret: string, env: Record<string, string> = {}) => {
    const wiring = wireContent(loadConfig(env).content, createConsoleLogger(() => {}), { rateLimiters: inProcessRateLimiters(), secret, imageVariantsDirectory: join(tmpdir(), "arena-unused-image-variants") });
    wired.push(wiring);
    return wiring;
  };
  afterEach(() => {
    for (const wiring of wired.splice(0)) wiring.embedded?.store.close();
  });

  it("gives every server process the same preview token, derived from the session secret, and no secret away", () => {
    const [first, second] = [wire("secret-of-this-site"), wire("secret-of-this-site")];
    expect(first.preview?.previewToken).toBeTruthy();
    expect(second.preview?.previewToken).toBe(first.preview?.previewToken);
    expect(wire("another-site").preview?.previewToken).not.toBe(first.preview?.previewToken);
    expect(first.preview?.previewToken).not.toContain("secret-of-this-site");
  });

  it("takes CONTENT_PREVIEW_TOKEN as it is when set", () => {
    expect(wire("secret-of-this-site", { CONTENT_PREVIEW_TOKEN: "configured-preview-token" }).preview?.previewToken).toBe("configured-preview-token");
  });

  it("switches the unknown-block fallback on with CONTENT_UNKNOWN_BLOCK_FALLBACK=true, for either content source (SPEC §8)", () => {
    expect(loadConfig({}).content.fallbackForUnknownBlocks).toBe(false);
    expect(loadConfig({ CONTENT_UNKNOWN_BLOCK_FALLBACK: "true" }).content.fallbackForUnknownBlocks).toBe(true);
    expect(loadConfig({ CONTENT_UNKNOWN_BLOCK_FALLBACK: "true", STORYBLOK_TOKEN: "token" }).content.fallbackForUnknownBlocks).toBe(true);
  });
});

