import { Hono, type Context } from "hono";
import { CV_FILE_RULES, UnattachedFilesFullError, leadFormsApi, recogniseCvFile, type FilesPort, type RateLimiter } from "../../../core";
import { apiError } from "./api-error";
import { serveEndpoint } from "./api-endpoint";
import { addressKey, clientAddress } from "./client-address";
import { sameOriginWrites } from "./origin-check.middleware";

export interface FormUploadRouteOptions {
  readonly files: FilesPort;
  readonly allowedOrigins: readonly string[];
  /** Uploads per client address (see client-address.ts); every attempt counts, retries too. */
  readonly limiter: RateLimiter;
  /** How many proxies in front append to X-Forwarded-For (TRUSTED_PROXY). */
  readonly trustedProxies?: number;
}

/**
 * A job application's CV, sent before the application itself, at `leadFormsApi.upload`:
 *   POST /   the file as the raw body, its name in X-File-Name (percent-encoded) → 201 { id, name, size, kind }
 * The content decides (PDF, DOC or DOCX by its bytes, at most 5 MB); the Content-Type the browser
 * guessed and the name are not trusted. The file is kept under a generated id and is never served
 * back: staff get it through the leads export. While the site keeps as many unattached uploads as
 * it may, 503 with Retry-After (UPLOADS_FULL_RETRY_AFTER_SECONDS).
 */
export function formUploadRoute(options: FormUploadRouteOptions): Hono {
  const app = new Hono();
  app.use(sameOriginWrites(options.allowedOrigins));

  serveEndpoint(app, leadFormsApi.upload.path, leadFormsApi.upload, async (c, { answer }) => {
    const rate = await options.limiter.take(addressKey(clientAddress(c.req.raw, options.trustedProxies ?? 0)));
    if (!rate.allowed) return apiError(c, "too-many-requests", { retryAfterSeconds: rate.retryAfterSeconds });
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && Number(declared) > CV_FILE_RULES.maxBytes) return tooLarge(c);

    const bytes = await readAtMost(c.req.raw.body, CV_FILE_RULES.maxBytes);
    if (bytes === "too-large") return tooLarge(c);
    if (bytes.byteLength === 0) return apiError(c, "invalid-request", { message: "validation.cv.unsupported" });
    const recognised = recogniseCvFile(bytes);
    if (!recognised) return apiError(c, "unsupported-media-type", { message: "validation.cv.unsupported" });

    const stored = await options.files
      .save({ bytes, contentType: recognised.contentType, originalName: fileNameOf(c.req.header("X-File-Name")), purpose: "cv" })
      .catch(ifFull("full" as const));
    if (stored === "full") return apiError(c, "uploads-full", { message: "validation.cv.busy", retryAfterSeconds: UPLOADS_FULL_RETRY_AFTER_SECONDS });
    return answer({ id: stored.id, name: stored.originalName, size: stored.size, kind: recognised.kind }, 201, { "Cache-Control": "no-store" });
  });
  return app;
}

/** Places free as forms are sent (minutes) or abandoned uploads are purged: a few minutes is a fair wait. */
export const UPLOADS_FULL_RETRY_AFTER_SECONDS = 300;

/** `value` for an upload refused because the unattached files are at their limit; any other error stands. */
export function ifFull<T>(value: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof UnattachedFilesFullError) return value;
    throw error;
  };
}

function tooLarge(c: Context): Response {
  return apiError(c, "payload-too-large", { message: "validation.cv.tooLarge" });
}

/**
 * The body, or "too-large" as soon as it passes `maxBytes`: reading stops there, so no more than
 * the limit is ever held. (A body declared too large is refused before this, unread.) Browsers
 * always declare an upload's length; a client that does not may see its connection closed
 * before the 413 reaches it.
 */
async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | "too-large"> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return "too-large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The browser percent-encodes the name (headers are Latin-1); a broken encoding is no name. */
function fileNameOf(header: string | undefined): string {
  try {
    return decodeURIComponent(header ?? "");
  } catch {
    return "";
  }
}
