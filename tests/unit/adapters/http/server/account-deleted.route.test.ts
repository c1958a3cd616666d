import { describe, expect, it } from "vitest";
import { accountDeletedRoute } from "../../../../../adapters/http/server/account-deleted.route";

const ORIGIN = "https://arena.test";

/** The route's own decisions; the verifier itself runs against Firebase's Auth emulator (tests/contracts/firebase-identity). */
function appWith(deleted: Readonly<Record<string, string>>) {
  const forgotten: string[] = [];
  const app = accountDeletedRoute({
    verifier: { deletedUid: async (token) => deleted[token] ?? null },
    forget: async (uid) => void forgotten.push(uid),
    allowedOrigins: [ORIGIN],
  });
  const post = (body: unknown, origin = ORIGIN) =>
    app.request("/", { method: "POST", headers: { Origin: origin, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { post, forgotten };
}

describe("POST /api/account/deleted", () => {
  it("forgets a user whose account is gone, on the word of the token they held", async () => {
    const { post, forgotten } = appWith({ "token-of-ana": "ana" });
    expect((await post({ token: "token-of-ana" })).status).toBe(204);
    expect(forgotten).toEqual(["ana"]);
  });

  it("forgets no one for a live account or a bad token, a malformed body or another site's page", async () => {
    const { post, forgotten } = appWith({});
    expect((await post({ token: "token-of-a-live-user" })).status).toBe(403);
    expect((await post({ token: "" })).status).toBe(422);
    expect((await post({ token: "x" }, "https://evil.test")).status).toBe(403);
    expect(forgotten).toEqual([]);
  });
});
