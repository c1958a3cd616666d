import { Schema } from "effect";

/** `_storyblok_tk[space_id|token|timestamp]` as the page read them from its URL: strings, checked by isGenuinePreview. */
export const PreviewToken = Schema.Struct({ spaceId: Schema.String, token: Schema.String, timestamp: Schema.String });
export type PreviewToken = typeof PreviewToken.Type;

/**
 * What the editor's bridge posts to have typed content decoded like stored content. The content
 * is decoded afterwards, as a page. Without a token the caller is simply not a preview (401),
 * which is not a malformed request.
 */
export const ContentPreviewPayload = Schema.Struct({
  content: Schema.Unknown,
  previewToken: Schema.optionalKey(PreviewToken),
});
export type ContentPreviewPayload = typeof ContentPreviewPayload.Type;
