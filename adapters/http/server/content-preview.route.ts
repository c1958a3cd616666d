import { Hono } from "hono";
import { ContentPreviewPayload, isGenuinePreview, type ContentPort } from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";

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
    const body = await decodeJsonBody(c, ContentPreviewPayload);
    if (!body.ok) return body.response;
    const { content, previewToken } = body.value;
    const genuine =
      options.preview !== undefined &&
      previewToken !== undefined &&
      (await isGenuinePreview(previewToken, options.preview, (options.now ?? Date.now)()));
    if (!genuine) return apiError(c, "not-a-preview");
    const page = options.content.decodePage(content);
    if (!page) return apiError(c, "invalid-content");
    return c.json({ page }, 200, { "Cache-Control": "no-store" });
  });
}
