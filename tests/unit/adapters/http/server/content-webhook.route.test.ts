import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentWebhookRoute } from "../../../../../adapters/http/server/content-webhook.route";
import type { Logger } from "../../../../../core/ports/logger.port";
import { contentPortWith } from "./support/content-port";

const SECRET = "webhook-secret";
const BODY = JSON.stringify({ text: "The user published the story Home", action: "published", space_id: 4242, story_id: 1 });

function setup() {
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
  const app = contentWebhookRoute({ content, secret: SECRET, logger });
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

  it("purges on every signed call", async () => {
    const { post, purges } = setup();
    await post(BODY, sign(BODY));
    await post("", sign(""));
    expect(purges()).toBe(2);
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
