import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentWebhookRoute } from "../../../../../adapters/http/server/content-webhook.route";
import type { Logger } from "../../../../../core/ports/logger.port";
import { contentPortWith } from "./support/content-port";

const SECRET = "webhook-secret";
const BODY = JSON.stringify({ text: "The user published the story Home", action: "published", space_id: 4242, story_id: 1 });

function setup(options: { now?: () => number; maxPurgesPerMinute?: number; onPublished?: (fullSlug: string | undefined) => void } = {}) {
  let purges = 0;
  const logged: Array<{ event: string; fields?: Record<string, unknown> }> = [];
  const content = contentPortWith({
    purge: () => {
      purges += 1;
    },
  });
  const logger: Logger = {
    info: (event, fields) => void logged.push({ event, fields }),
    warn: (event, fields) => void logged.push({ event, fields }),
    error: (event, fields) => void logged.push({ event, fields }),
  };
  const app = contentWebhookRoute({ content, secret: SECRET, logger, ...options });
  const post = (body: string, signature?: string) =>
    app.request("/", { method: "POST", body, headers: { "Content-Type": "application/json", ...(signature === undefined ? {} : { "webhook-signature": signature }) } });
  return { app, post, purges: () => purges, logged };
}

const sign = (body: string, secret = SECRET) => createHmac("sha1", secret).update(body).digest("hex");

describe("content webhook", () => {
  it("purges the cached content on a correctly signed call", async () => {
    const { post, purges, logged } = setup();
    const response = await post(BODY, sign(BODY));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ purged: true });
    expect(purges()).toBe(1);
    expect(logged).toEqual([{ event: "content.purged", fields: { reason: "webhook" } }]);
  });

  it("names the published story to the CDN's purge: its full slug, or none when the call names none", async () => {
    const told: (string | undefined)[] = [];
    const { post } = setup({ onPublished: (fullSlug) => told.push(fullSlug) });
    const withSlug = JSON.stringify({ action: "published", space_id: 4242, story_id: 7, full_slug: "events/lua-serrano" });
    for (const body of [withSlug, BODY, "not json"]) expect((await post(body, sign(body))).status).toBe(200);
    // A replay purges nothing, the CDN included; an unsigned call reaches nothing.
    await post(withSlug, sign(withSlug));
    await post(withSlug, "0".repeat(40));
    expect(told).toEqual(["events/lua-serrano", undefined, undefined]);
  });

  it("purges on every signed call about another story or action", async () => {
    const { post, purges } = setup();
    const unpublished = JSON.stringify({ action: "unpublished", space_id: 4242, story_id: 1 });
    const other = JSON.stringify({ action: "published", space_id: 4242, story_id: 2 });
    for (const body of [BODY, unpublished, other, ""]) expect((await post(body, sign(body))).status).toBe(200);
    expect(purges()).toBe(4);
  });

  it("acknowledges a replay of the same action on the same story without purging again, until the window passes", async () => {
    let time = 1_700_000_000_000;
    const { post, purges } = setup({ now: () => time });
    await post(BODY, sign(BODY));
    for (let replay = 0; replay < 50; replay++) {
      const response = await post(BODY, sign(BODY));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ purged: false, duplicate: true });
    }
    // The same event with other text (Storyblok's message names the user) is the same event.
    const reworded = JSON.stringify({ text: "Someone else published Home", action: "published", space_id: 4242, story_id: 1 });
    expect(await (await post(reworded, sign(reworded))).json()).toEqual({ purged: false, duplicate: true });
    expect(purges()).toBe(1);
    time += 60_000;
    expect(await (await post(BODY, sign(BODY))).json()).toEqual({ purged: true });
    expect(purges()).toBe(2);
  });

  it("rate limits purges, answering 429 with Retry-After", async () => {
    const time = 1_700_000_000_000;
    const { post, purges } = setup({ now: () => time, maxPurgesPerMinute: 3 });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let story = 1; story <= 5; story++) {
      const body = JSON.stringify({ action: "published", story_id: story });
      const response = await post(body, sign(body));
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get("retry-after");
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(purges()).toBe(3);
  });

  const refusals: Array<[string, string | undefined]> = [
    ["without a signature", undefined],
    ["with an empty signature", ""],
    ["signed with another secret", sign(BODY, "guessed-secret")],
    ["with the signature of another body", sign(`${BODY} `)],
    ["with a truncated signature", sign(BODY).slice(0, -1)],
    ["with a signature in capitals", sign(BODY).toUpperCase()],
    ["with a SHA-256 signature", createHmac("sha256", SECRET).update(BODY).digest("hex")],
    ["with the right length but non-ASCII characters", `é${sign(BODY).slice(1)}`],
  ];

  for (const [name, signature] of refusals) {
    it(`refuses a call ${name}, and purges nothing`, async () => {
      const { post, purges, logged } = setup();
      const response = await post(BODY, signature);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: "invalid-signature", message: "feedback.error.generic" } });
      expect(purges()).toBe(0);
      expect(logged).toEqual([]);
    });
  }

  it("only answers POST", async () => {
    const { app, purges } = setup();
    expect((await app.request("/", { method: "GET" })).status).toBe(404);
    expect((await app.request("/", { method: "PUT", body: BODY, headers: { "webhook-signature": sign(BODY) } })).status).toBe(404);
    expect(purges()).toBe(0);
  });
});
