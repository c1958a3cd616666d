import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../composition/config";
import { wireContent, type ContentWiring } from "../../../composition/content";
import { createConsoleLogger } from "../../../adapters/runtime/console-logger.adapter";
import { createStoryWriter } from "../../../adapters/embedded/embedded-content/store/story-writer";
import { inProcessRateLimiters } from "../../../core";

const LEGAL = "9a70e45a-726c-4b57-885c-d507ef458069";

/** Asks until `read` gives `wanted`, for at most `withinMs`; gives what it read last. */
async function eventually<T>(read: () => Promise<T>, wanted: T, withinMs: number): Promise<T> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (value === wanted || Date.now() >= giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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

  it("serves on every instance on one shared content folder, within 2 s, what an editor published through one of them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "arena-shared-content-"));
    try {
      for (const folder of ["stories", "published"]) cpSync(join("content", folder), join(dir, folder), { recursive: true });
      const [through, other] = [wire("secret-of-this-site", { CONTENT_DIR: dir }), wire("secret-of-this-site", { CONTENT_DIR: dir })];
      const title = async (instance: ContentWiring) => (await instance.content.page("pages/legal-notice", { locale: "es", version: "published" }))?.content.title;
      expect([await title(through), await title(other)]).toEqual(["Aviso legal", "Aviso legal"]);

      const store = () => through.embedded!.store.current();
      const writer = createStoryWriter({ dir, spaceId: 1000001, problemsOf: () => [], afterWrite: () => through.embedded!.store.reload() });
      const draft = { ...(store().contentOf(store().byUuid(LEGAL)!, "draft") as Record<string, unknown>), title: "Aviso legal 2027" };
      const saved = await writer.saveDraft(LEGAL, draft, store().byUuid(LEGAL)!.updated_at!);
      expect(await writer.publish(LEGAL, (saved as { version: string }).version)).toMatchObject({ outcome: "written" });

      expect(await title(through)).toBe("Aviso legal 2027");
      expect(await eventually(() => title(other), "Aviso legal 2027", 2_000)).toBe("Aviso legal 2027");
      expect(await other.content.cacheVersion()).toBe(await through.content.cacheVersion());
    } finally {
      for (const wiring of wired.splice(0)) wiring.embedded?.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
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

