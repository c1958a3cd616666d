import { Hono } from "hono";

/** Liveness for the platform, and an echo of the request's language for the API-client page. */
export function healthRoute(buildId: string) {
  return new Hono().get("/", (c) =>
    c.json(
      { status: "ok", buildId, acceptLanguage: c.req.header("Accept-Language") ?? null, authenticated: c.req.header("Authorization")?.startsWith("Bearer ") ?? false },
      200,
      { "Cache-Control": "no-store" },
    ),
  );
}
