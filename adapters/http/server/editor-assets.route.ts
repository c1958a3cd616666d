import { Schema } from "effect";
import { Hono, type Context } from "hono";
import { AssetUpload } from "../../../core";
import { MAX_ASSET_BYTES, type AssetAddOutcome, type AssetSummary, type AssetWriter } from "../../embedded/embedded-content/store/asset-writer";
import type { EditorSessions } from "../../embedded/editor/editor-sessions";
import { apiError, schemaIssuesOf, type ApiIssue } from "./api-error";
import { editorOnly } from "./editor-session.route";
import { sameOriginWrites } from "./origin-check.middleware";
import { requestBodyLimit } from "./request-body-limit.middleware";

/** An upload's whole body: the image and room for the multipart framing and its text fields. */
export const MAX_ASSET_UPLOAD_BODY_BYTES = MAX_ASSET_BYTES + 64 * 1024;

export interface EditorAssetsOptions {
  readonly writer: AssetWriter;
  readonly sessions: EditorSessions;
  readonly publicOrigin: string;
}

/**
 * The embedded editor's images, for a signed-in editor only:
 *   GET  /  → 200 { assets: [{ id, filename, alt, title, shortFilename, contentType, width, height }] }, newest first
 *   POST /  multipart/form-data: `file`, `alt` (required), `title` (optional) → 201 { asset: {…} }
 * `filename` is the image's path on the site (`/a/f/…`), as a story's asset field holds it. The
 * body is limited here (the app's limit covers /api/* only): past it, 413 unread. The image's
 * bytes decide its kind: 415 for anything but JPEG, PNG, WebP, GIF or AVIF; 422 for missing or
 * too long text, and for an image that is damaged or has more pixels than the image service takes.
 */
export function editorAssetsRoute(options: EditorAssetsOptions): Hono {
  return new Hono()
    .use(editorOnly(options.sessions))
    .use(sameOriginWrites([options.publicOrigin]))
    .get("/", async (c) => c.json({ assets: (await options.writer.list()).map(assetJson) }))
    .post(
      "/",
      requestBodyLimit(MAX_ASSET_UPLOAD_BODY_BYTES, (c) => apiError(c, "payload-too-large")),
      async (c) => {
        const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
        if (mediaType !== "multipart/form-data") return apiError(c, "invalid-request");
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          return apiError(c, "invalid-request");
        }
        const file = form.get("file");
        const title = form.get("title");
        const fields = Schema.decodeUnknownResult(AssetUpload)({ alt: form.get("alt") ?? undefined, ...(title === null ? {} : { title }) }, { errors: "all" });
        const issues: ApiIssue[] = fields._tag === "Failure" ? schemaIssuesOf(fields.failure.issue) : [];
        if (!(file instanceof File)) issues.push({ path: "file", message: "validation.image.required" });
        if (fields._tag === "Failure" || !(file instanceof File)) return apiError(c, "unprocessable", { issues });

        const added = await options.writer.add({
          bytes: new Uint8Array(await file.arrayBuffer()),
          originalName: file.name,
          alt: fields.success.alt,
          ...(fields.success.title === undefined ? {} : { title: fields.success.title }),
        });
        return added.outcome === "added" ? c.json({ asset: assetJson(added.asset) }, 201) : refusal(c, added);
      },
    );
}

function refusal(c: Context, refused: Extract<AssetAddOutcome, { outcome: "invalid" }>): Response {
  // The detail is read by developers, not shown: the message is the translation key.
  const issues = [{ path: "file", message: refused.detail }];
  switch (refused.reason) {
    case "too-large":
      return apiError(c, "payload-too-large", { issues });
    case "unsupported-type":
      return apiError(c, "unsupported-media-type", { issues });
    case "too-many-pixels":
      return apiError(c, "image-too-large", { message: "feedback.error.payloadTooLarge", issues });
    case "undecodable":
      return apiError(c, "unreadable-image", { message: "editor.error.unreadableImage", issues });
  }
}

function assetJson(asset: AssetSummary) {
  return {
    id: asset.id,
    filename: asset.filename,
    alt: asset.alt,
    title: asset.title,
    shortFilename: asset.short_filename,
    contentType: asset.content_type,
    width: asset.width,
    height: asset.height,
  };
}
