import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasPreviewParameters, isGenuinePreview, previewQueryOf, sha1Hex, type PreviewRequest } from "../../../../../core/domain/content/preview.ops";

const SECRET = { spaceId: 4242, previewToken: "preview-token-xyz" };
const NOW_MS = Date.UTC(2030, 5, 15, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

const sign = (spaceId: string, previewToken: string, timestamp: string) => createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");

/** A request as Storyblok's editor would send it, issued `ageS` seconds before NOW. */
function signed(ageS = 10, secret = SECRET): PreviewRequest {
  const timestamp = String(NOW_S - ageS);
  return { spaceId: String(secret.spaceId), timestamp, token: sign(String(secret.spaceId), secret.previewToken, timestamp) };
}

describe("sha1Hex", () => {
  it("matches the standard test vectors", async () => {
    expect(await sha1Hex("abc")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
    expect(await sha1Hex("")).toBe("da39a3ee5e6b4b0d3255bfef95601890afd80709");
  });

  it("hashes the UTF-8 bytes", async () => {
    expect(await sha1Hex("València")).toBe(createHash("sha1").update("València", "utf8").digest("hex"));
  });
});

describe("isGenuinePreview", () => {
  it("accepts a request Storyblok signed with the space's preview token", async () => {
    expect(await isGenuinePreview(signed(), SECRET, NOW_MS)).toBe(true);
    expect(await isGenuinePreview(signed(0), SECRET, NOW_MS)).toBe(true);
  });

  it("refuses a signature made with another preview token", async () => {
    expect(await isGenuinePreview(signed(10, { spaceId: 4242, previewToken: "someone-elses" }), SECRET, NOW_MS)).toBe(false);
  });

  it("refuses another space, even when correctly signed for it", async () => {
    expect(await isGenuinePreview(signed(10, { spaceId: 9999, previewToken: SECRET.previewToken }), SECRET, NOW_MS)).toBe(false);
  });

  it("refuses a forged or altered signature", async () => {
    const request = signed();
    const flipped = (request.token!.startsWith("0") ? "1" : "0") + request.token!.slice(1);
    expect(await isGenuinePreview({ ...request, token: flipped }, SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview({ ...request, token: "f".repeat(40) }, SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview({ ...request, token: request.token!.slice(0, -1) }, SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview({ ...request, token: `${request.token}0` }, SECRET, NOW_MS)).toBe(false);
  });

  it("refuses a valid signature moved to another timestamp", async () => {
    const request = signed(10);
    expect(await isGenuinePreview({ ...request, timestamp: String(NOW_S - 5) }, SECRET, NOW_MS)).toBe(false);
  });

  it("accepts a token up to an hour old and refuses an older one", async () => {
    expect(await isGenuinePreview(signed(3600), SECRET, NOW_MS)).toBe(true);
    expect(await isGenuinePreview(signed(3601), SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview(signed(86_400), SECRET, NOW_MS)).toBe(false);
  });

  it("tolerates a minute of clock skew but refuses a token from the future", async () => {
    expect(await isGenuinePreview(signed(-60), SECRET, NOW_MS)).toBe(true);
    expect(await isGenuinePreview(signed(-61), SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview(signed(-10 * 365 * 86_400), SECRET, NOW_MS)).toBe(false);
  });

  it("refuses a request with missing parts", async () => {
    const request = signed();
    expect(await isGenuinePreview({ ...request, spaceId: undefined }, SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview({ ...request, token: undefined }, SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview({ ...request, timestamp: undefined }, SECRET, NOW_MS)).toBe(false);
    expect(await isGenuinePreview({ spaceId: "", token: "", timestamp: "" }, SECRET, NOW_MS)).toBe(false);
  });

  it("refuses a timestamp that is not a whole number of seconds, even when signed", async () => {
    for (const timestamp of [`${NOW_S - 10}.5`, "soon", "NaN"]) {
      const request = { spaceId: "4242", timestamp, token: sign("4242", SECRET.previewToken, timestamp) };
      expect(await isGenuinePreview(request, SECRET, NOW_MS)).toBe(false);
    }
  });
});

describe("previewQueryOf and hasPreviewParameters", () => {
  it("reads the editor's request and signature from one query", () => {
    const search = new URLSearchParams("_storyblok=12&_storyblok_tk[space_id]=1&_storyblok_tk[token]=abc&_storyblok_tk[timestamp]=99");
    expect(previewQueryOf(search)).toEqual({ requested: true, request: { spaceId: "1", token: "abc", timestamp: "99" } });
    expect(previewQueryOf(new URLSearchParams("page=2"))).toEqual({ requested: false, request: { spaceId: undefined, token: undefined, timestamp: undefined } });
  });

  it("tells any of the editor's parameters apart from the rest", () => {
    expect(hasPreviewParameters(new URLSearchParams("_storyblok_tk[token]=abc"))).toBe(true);
    expect(hasPreviewParameters(new URLSearchParams("_storyblok_release=3"))).toBe(true);
    expect(hasPreviewParameters(new URLSearchParams("page=2&storyblok=1"))).toBe(false);
  });
});
