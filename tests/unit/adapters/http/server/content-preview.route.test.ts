import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentPreviewRoute } from "../../../../../adapters/http/server/content-preview.route";
import { createContentMapper } from "../../../../../adapters/storyblok/content-mapper";
import { contentPortWith } from "./support/content-port";

const PREVIEW = { spaceId: 42, previewToken: "preview-secret" };
const NOW = 1_800_000_000_000;
const mapper = createContentMapper({ logger: { info: () => {}, warn: () => {}, error: () => {} }, fallbackForUnknownBlocks: true });
const content = contentPortWith({ decodePage: (raw) => mapper.page(raw, "preview") });

function signed(timestamp = String(NOW / 1000)) {
  return { spaceId: "42", timestamp, token: createHash("sha1").update(`42:${PREVIEW.previewToken}:${timestamp}`).digest("hex") };
}

async function post(body: unknown) {
  const app = contentPreviewRoute({ content, preview: PREVIEW, now: () => NOW });
  const response = await app.request("/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { page?: { title?: string; body?: { component: string }[] } } };
}

describe("the preview decoding route", () => {
  it("decodes what the editor typed for a genuine preview, unknown blocks included", async () => {
    const { status, json } = await post({ content: { component: "page", _uid: "p", title: "Draft", body: [{ component: "info_banner", _uid: "b", text: 5 }] }, previewToken: signed() });
    expect(status).toBe(200);
    expect(json.page?.title).toBe("Draft");
    expect(json.page?.body?.map((block) => block.component)).toEqual(["unknown"]);
  });

  it("refuses anyone without a genuine, fresh preview signature", async () => {
    expect((await post({ content: { component: "page", _uid: "p" }, previewToken: { ...signed(), token: "0".repeat(40) } })).status).toBe(401);
    expect((await post({ content: { component: "page", _uid: "p" }, previewToken: signed(String(NOW / 1000 - 7200)) })).status).toBe(401);
    expect((await post({ content: { component: "page", _uid: "p" } })).status).toBe(401);
  });

  it("answers 400 for a body that is not JSON, and 422 with the issues for a token of the wrong types", async () => {
    const app = contentPreviewRoute({ content, preview: PREVIEW, now: () => NOW });
    const malformed = await app.request("/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: { code: "invalid-request", message: "feedback.error.generic" } });
    const wrong = await app.request("/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: { component: "page", _uid: "p" }, previewToken: { ...signed(), spaceId: 42 } }),
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ error: { code: "unprocessable", issues: [{ path: "previewToken.spaceId" }] } });
  });

  it("answers 422 for content that is not a page", async () => {
    expect((await post({ content: { component: "page", _uid: "p", title: 7 }, previewToken: signed() })).status).toBe(422);
  });
});
