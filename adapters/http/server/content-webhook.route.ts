import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { inProcessRateLimiters, type ContentPort, type Logger, type RateLimiters } from "../../../core";
import { apiError } from "./api-error";

export interface ContentWebhookOptions {
  readonly content: ContentPort;
  readonly secret: string;
  readonly logger: Logger;
  /** A repeat of the same action on the same story within this window purges nothing. Default 60 s. */
  readonly dedupeWindowMs?: number;
  /** Purges allowed per minute; past that, 429 with Retry-After. Default 30. */
  readonly maxPurgesPerMinute?: number;
  /** Where requests are counted; this process alone unless said (several server processes share one). */
  readonly rateLimiters?: RateLimiters;
  readonly now?: () => number;
  /** Told the published story's full slug (undefined when the call names none), to purge a CDN. */
  readonly onPublished?: (fullSlug: string | undefined) => void;
}

/**
 * Storyblok's publish webhook: drops the cached content so the next request asks for the new
 * content version. Storyblok signs the body with HMAC-SHA1 of the shared secret
 * (`webhook-signature`); without a configured secret the route does not exist.
 *
 * The signature has no timestamp, so a captured call stays valid forever. A replay can only drop
 * caches (nothing is written, nothing read is trusted), and it is made cheap: the same action on
 * the same story within the window is acknowledged without purging, and purges are rate limited.
 */
export function contentWebhookRoute(options: ContentWebhookOptions) {
  const now = options.now ?? Date.now;
  const windowMs = options.dedupeWindowMs ?? 60_000;
  const limiter = (options.rateLimiters ?? inProcessRateLimiters(now)).limiter("content-webhook-purges", { limit: options.maxPurgesPerMinute ?? 30, windowMs: 60_000 });
  const recent = new Map<string, number>();

  return new Hono().post("/", async (c) => {
    const body = await c.req.text();
    const signature = c.req.header("webhook-signature") ?? "";
    const expected = createHmac("sha1", options.secret).update(body).digest("hex");
    // Only a 40-digit hex string can be a signature; anything else is refused before comparing.
    const valid = /^[0-9a-f]{40}$/.test(signature) && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    if (!valid) return apiError(c, "invalid-signature");

    const time = now();
    for (const [key, at] of recent) if (time - at >= windowMs) recent.delete(key);
    const event = webhookEvent(body);
    const key = event ? `${event.action}:${event.storyId}` : createHash("sha1").update(body).digest("hex");
    if (recent.has(key)) return c.json({ purged: false, duplicate: true }, 200);

    const decision = await limiter.take("purge");
    if (!decision.allowed) return apiError(c, "too-many-requests", { retryAfterSeconds: decision.retryAfterSeconds });
    recent.set(key, time);
    options.content.purge();
    options.onPublished?.(event?.fullSlug);
    options.logger.info("content.purged", { reason: "webhook" });
    return c.json({ purged: true }, 200);
  });
}

/**
 * The action, story and full slug of a call, when it names them: what makes two calls the same
 * event, and which pages a CDN must drop (the whole body is the key of any other call).
 */
function webhookEvent(body: string): { action: string; storyId: string; fullSlug: string | undefined } | undefined {
  try {
    const event = JSON.parse(body) as unknown;
    if (typeof event === "object" && event !== null && "action" in event && "story_id" in event) {
      const fullSlug = "full_slug" in event && typeof event.full_slug === "string" && event.full_slug !== "" ? event.full_slug : undefined;
      return { action: String(event.action), storyId: String(event.story_id), fullSlug };
    }
  } catch {
    // not JSON
  }
  return undefined;
}
