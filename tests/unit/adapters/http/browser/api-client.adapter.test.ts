import { describe, expect, it } from "vitest";
import { ACCOUNT_API_MESSAGES } from "../../../../../adapters/http/account-api-messages";
import { createApiClient } from "../../../../../adapters/http/browser/api-client.adapter";
import { LEAD_FORM_API_MESSAGES } from "../../../../../adapters/http/lead-form-api-messages";

/** A client whose every call is refused with `message` (a 409, which is never retried). */
function refusingWith(message: string, messages?: readonly string[]) {
  const fetch = async () => new Response(JSON.stringify({ error: { code: "conflict", message } }), { status: 409, headers: { "Content-Type": "application/json" } });
  return createApiClient({ baseUrl: "https://arena.test", locale: () => "es", idToken: async () => null, fetch, messages });
}

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable(), (error: { message: string }) => error.message);

describe("the browser's API client, on a refusal's message", () => {
  it("shows the keys any call may get", async () => {
    expect(await refusal(refusingWith("feedback.error.busy").request("/api/x", { method: "POST" }))).toBe("feedback.error.busy");
  });

  it("shows an area's key only on a call that names that area", async () => {
    const client = refusingWith("feedback.error.tooManySubmissions");
    expect(await refusal(client.request("/api/forms/contact", { method: "POST", messages: LEAD_FORM_API_MESSAGES }))).toBe("feedback.error.tooManySubmissions");
    expect(await refusal(client.request("/api/tickets/claims", { method: "POST", messages: ACCOUNT_API_MESSAGES }))).toBe("feedback.error.generic");
  });

  it("shows the keys its client names for every call (the account pages')", async () => {
    expect(await refusal(refusingWith("tickets.error.unknownCode", ACCOUNT_API_MESSAGES).request("/api/tickets/claims", { method: "POST" }))).toBe("tickets.error.unknownCode");
    expect(await refusal(refusingWith("account.error.emailNotVerified").request("/api/account/profile", { method: "PATCH" }))).toBe("feedback.error.generic");
  });

  it("shows anything else as the generic error", async () => {
    expect(await refusal(refusingWith("<img src=x onerror=alert(1)>", ACCOUNT_API_MESSAGES).request("/api/x", { method: "POST" }))).toBe("feedback.error.generic");
  });
});

describe("the browser's API client, signed in", () => {
  it("sends the Bearer token, except with a public call that a CDN is to answer for everyone (issue 51)", async () => {
    const sent: (string | null)[] = [];
    const fetch = async (_url: URL | RequestInfo, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get("Authorization"));
      return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
    };
    const client = createApiClient({ baseUrl: "https://arena.test", locale: () => "es", idToken: async () => "id-token", fetch });
    await client.request("/api/tickets/orders");
    await client.request("/api/tickets/events/lua-serrano/availability", { anonymous: true });
    expect(sent).toEqual(["Bearer id-token", null]);
  });
});
