import { Hono } from "hono";
import { isGenuinePreview, type ContentPort } from "../../../core";

export interface ContentPreviewOptions {
  readonly content: ContentPort;
  readonly preview: { readonly spaceId: number; readonly previewToken: string } | undefined;
  readonly now?: () => number;
}

/**
 * The editor's bridge sends raw story content on every keystroke; the page asks here to have it
 * decoded like stored content, so what the editor sees is what visitors will get. Only a genuine
 * preview (the signed `_storyblok_tk` of the page) may ask.
 */
export function contentPreviewRoute(options: ContentPreviewOptions) {
  return new Hono().post("/", async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as
      | { content?: unknown; previewToken?: { spaceId?: unknown; token?: unknown; timestamp?: unknown } }
      | undefined;
    const tk = body?.previewToken;
    const genuine =
      options.preview !== undefined &&
      typeof tk?.spaceId === "string" &&
      typeof tk.token === "string" &&
      typeof tk.timestamp === "string" &&
      (await isGenuinePreview({ spaceId: tk.spaceId, token: tk.token, timestamp: tk.timestamp }, options.preview, (options.now ?? Date.now)()));
    if (!genuine) return c.json({ error: { code: "not-a-preview", message: "feedback.error.generic" } }, 401);
    const page = options.content.decodePage(body?.content);
    if (!page) return c.json({ error: { code: "invalid-content", message: "feedback.error.generic" } }, 422);
    return c.json({ page }, 200, { "Cache-Control": "no-store" });
  });
}
