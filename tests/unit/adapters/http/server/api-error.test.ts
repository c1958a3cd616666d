import { Schema } from "effect";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { API_ERRORS, apiError, apiErrorHandler, decodeJsonBody, type ApiErrorCode } from "../../../../../adapters/http/server/api-error";
import type { Logger } from "../../../../../core/ports/logger.port";

function errorApp(code: ApiErrorCode) {
  return new Hono().get("/", (c) => (code === "busy" || code === "too-many-requests" ? apiError(c, code, { retryAfterSeconds: 7 }) : apiError(c, code)));
}

const Booking = Schema.Struct({
  name: Schema.String,
  seats: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 10 }))),
  tags: Schema.optionalKey(Schema.Array(Schema.String)),
});

function bookingApp() {
  return new Hono().post("/", async (c) => {
    const body = await decodeJsonBody(c, Booking);
    if (!body.ok) return body.response;
    const value = body.value as Record<string, unknown>;
    return c.json({ value, keys: Object.keys(value), plainPrototype: Object.getPrototypeOf(value) === Object.prototype });
  });
}

/** A body sent as bytes, so that no content type is added unless asked for. */
const post = (body: string | undefined, contentType: string | null = "application/json") =>
  bookingApp().request("/", {
    method: "POST",
    body: body === undefined ? undefined : new TextEncoder().encode(body),
    headers: contentType === null ? {} : { "Content-Type": contentType },
  });

type ErrorJson = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

describe("apiError", () => {
  it("answers each code with its status and the shared body, never cached", async () => {
    const expected: Record<ApiErrorCode, number> = {
      "invalid-request": 400, "invalid-image-options": 400, "invalid-email": 400, "weak-password": 400, unauthorized: 401, "wrong-password": 401, "not-a-preview": 401, "invalid-signature": 401,
      forbidden: 403, "email-not-verified": 403, "not-found": 404, conflict: 409, "stale-version": 409, "story-exists": 409, "payload-too-large": 413, "unsupported-media-type": 415, unprocessable: 422, "invalid-content": 422,
      "image-too-large": 422, "unreadable-image": 422, "too-many-requests": 429, internal: 500, busy: 503, "deadline-passed": 503, "uploads-full": 503,
      "sold-out": 409, "not-on-sale": 409, "hold-expired": 409, "already-extended": 409, "unknown-purchase-code": 404, "over-limit": 422, "over-buyer-limit": 422, "buyer-limit-reached": 422,
      "not-admitted": 403,
    };
    for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) {
      const response = await errorApp(code).request("/");
      expect(response.status, code).toBe(expected[code]);
      expect(response.headers.get("cache-control"), code).toBe("no-store");
      expect(response.headers.get("content-type"), code).toMatch(/^application\/json/);
      expect(await response.json(), code).toEqual({ error: { code, message: API_ERRORS[code].message } });
    }
  });

  it("uses translation keys as messages", () => {
    for (const [code, { message }] of Object.entries(API_ERRORS)) expect(message, code).toMatch(/^(feedback|account|tickets|editor|waitingRoom)\.error\.[a-zA-Z]+$/);
  });

  it("asks the client to wait with Retry-After on 429 and 503 only", async () => {
    expect((await errorApp("too-many-requests").request("/")).headers.get("retry-after")).toBe("7");
    expect((await errorApp("busy").request("/")).headers.get("retry-after")).toBe("7");
    expect((await errorApp("not-found").request("/")).headers.get("retry-after")).toBeNull();
    const fraction = await new Hono().get("/", (c) => apiError(c, "busy", { retryAfterSeconds: 0.2 })).request("/");
    expect(fraction.headers.get("retry-after")).toBe("1");
  });

  it("takes another message and the issues when given", async () => {
    const response = await new Hono()
      .get("/", (c) => apiError(c, "unprocessable", { message: "validation.form.incomplete", issues: [{ path: "name", message: "validation.name.required" }] }))
      .request("/");
    expect(await response.json()).toEqual({
      error: { code: "unprocessable", message: "validation.form.incomplete", issues: [{ path: "name", message: "validation.name.required" }] },
    });
  });
});

describe("decodeJsonBody", () => {
  it("hands the decoded value to the route", async () => {
    const response = await post(JSON.stringify({ name: "Ana", seats: 2, extra: true }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ value: { name: "Ana", seats: 2 }, keys: ["name", "seats"], plainPrototype: true });
  });

  it("accepts JSON media types with parameters and +json suffixes", async () => {
    for (const type of ["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"]) {
      expect((await post(JSON.stringify({ name: "Ana", seats: 2 }), type)).status, type).toBe(200);
    }
  });

  const badRequests: Array<[string, string | undefined, string | null]> = [
    ["malformed JSON", "{", "application/json"],
    ["truncated JSON", '{"name":"Ana","seats":', "application/json"],
    ["an empty body", "", "application/json"],
    ["a blank body", "  \n", "application/json"],
    ["no body", undefined, "application/json"],
    ["no content type", JSON.stringify({ name: "Ana", seats: 2 }), null],
    ["a form's content type", "name=Ana&seats=2", "application/x-www-form-urlencoded"],
    ["text/plain JSON", JSON.stringify({ name: "Ana", seats: 2 }), "text/plain"],
    ["a look-alike type", JSON.stringify({ name: "Ana", seats: 2 }), "application/jsonx"],
  ];
  for (const [name, body, type] of badRequests) {
    it(`answers 400 invalid-request for ${name}`, async () => {
      const response = await post(body, type);
      expect(response.status).toBe(400);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ error: { code: "invalid-request", message: "feedback.error.generic" } });
    });
  }

  it("answers 422 with every issue for JSON of the wrong types", async () => {
    const response = await post(JSON.stringify({ name: 7, seats: "2", tags: ["a", 3] }));
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as ErrorJson;
    expect(error.code).toBe("unprocessable");
    expect(error.message).toBe("feedback.error.generic");
    expect(error.issues?.map((issue) => issue.path)).toEqual(["name", "seats", "tags.1"]);
    for (const issue of error.issues ?? []) expect(issue.message).toEqual(expect.any(String));
  });

  it("answers 422 for a missing field and for JSON that is not an object", async () => {
    const missing = (await (await post(JSON.stringify({ name: "Ana" }))).json()) as ErrorJson;
    expect(missing.error.issues).toEqual([{ path: "seats", message: expect.any(String) }]);
    for (const body of ["null", "[]", "42", '"text"', "true"]) {
      const response = await post(body);
      expect(response.status, body).toBe(422);
      expect(((await response.json()) as ErrorJson).error.issues, body).toEqual([{ path: "", message: expect.any(String) }]);
    }
  });

  it("answers 422, not 500, for numbers too large to be what the schema asks", async () => {
    for (const seats of ["1e999", "-1e999", "123456789012345678901234567890", "9".repeat(400)]) {
      const response = await post(`{"name":"Ana","seats":${seats}}`);
      expect(response.status, seats).toBe(422);
      const paths = ((await response.json()) as ErrorJson).error.issues?.map((issue) => issue.path);
      expect(new Set(paths), seats).toEqual(new Set(["seats"]));
    }
  });

  it("drops __proto__ keys, so nothing reaches a prototype", async () => {
    const response = await post('{"name":"Ana","seats":2,"__proto__":{"polluted":true},"tags":["x"]}');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ value: { name: "Ana", seats: 2, tags: ["x"] }, keys: ["name", "seats", "tags"], plainPrototype: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const Loose = Schema.Record(Schema.String, Schema.Unknown);
    const echo = new Hono().post("/", async (c) => {
      const body = await decodeJsonBody(c, Loose);
      if (!body.ok) return body.response;
      const merged = Object.assign({}, body.value) as Record<string, unknown>;
      return c.json({ keys: Object.keys(body.value), polluted: merged.polluted ?? null, nested: Object.keys((body.value.a ?? {}) as object) });
    });
    const answer = await echo.request("/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"__proto__":{"polluted":true},"a":{"__proto__":{"polluted":true},"b":1},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(await answer.json()).toEqual({ keys: ["a"], polluted: null, nested: ["b"] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("apiErrorHandler", () => {
  function throwingApp(error: Error) {
    const logged: Array<{ event: string; fields?: Record<string, unknown> }> = [];
    const logger: Logger = { info: () => {}, warn: () => {}, error: (event, fields) => void logged.push({ event, fields }) };
    const app = new Hono();
    app.onError(apiErrorHandler(logger));
    app.get("/boom", () => {
      throw error;
    });
    return { app, logged };
  }

  it("answers 500 in the shared shape without the error's details, and logs them", async () => {
    const { app, logged } = throwingApp(new Error("connection string postgres://secret@db"));
    const response = await app.request("/boom?token=abc");
    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: "feedback.error.generic" } });
    expect(text).not.toContain("secret");
    expect(logged).toEqual([{ event: "http.unhandled-error", fields: expect.objectContaining({ method: "GET", path: "/boom", message: "connection string postgres://secret@db" }) }]);
    expect(JSON.stringify(logged)).not.toContain("token=abc");
  });

  it("keeps the 4xx of an HTTPException, in the shared shape when it has a code", async () => {
    const { app, logged } = throwingApp(new HTTPException(413));
    const response = await app.request("/boom");
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: "payload-too-large", message: "feedback.error.payloadTooLarge" } });
    expect(logged).toEqual([]);
    const teapot = await throwingApp(new HTTPException(418, { message: "short and stout" })).app.request("/boom");
    expect(teapot.status).toBe(418);
  });
});
