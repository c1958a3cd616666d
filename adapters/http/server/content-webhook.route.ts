import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { ContentPort, Logger } from "../../../core";

/**
 * Storyblok's publish webhook: drops the cached content so the next request asks for the new
 * content version. Storyblok signs the body with HMAC-SHA1 of the shared secret
 * (`webhook-signature`); without a configured secret the route does not exist.
 */
export function contentWebhookRoute(options: { content: ContentPort; secret: string; logger: Logger }) {
  return new Hono().post("/", async (c) => {
    const body = await c.req.text();
    const signature = c.req.header("webhook-signature") ?? "";
    const expected = createHmac("sha1", options.secret).update(body).digest("hex");
    // Only a 40-digit hex string can be a signature; anything else is refused before comparing.
    const valid = /^[0-9a-f]{40}$/.test(signature) && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    if (!valid) return c.json({ error: { code: "invalid-signature", message: "feedback.error.generic" } }, 401);
    options.content.purge();
    options.logger.info("content.purged", { reason: "webhook" });
    return c.json({ purged: true }, 200);
  });
}
