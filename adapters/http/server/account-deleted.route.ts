import { Schema } from "effect";
import { Hono } from "hono";
import type { DeletedAccountVerifier } from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";
import { sameOriginWrites } from "./origin-check.middleware";

export interface AccountDeletedRouteOptions {
  readonly verifier: DeletedAccountVerifier;
  /** Deletes what the site keeps of the user (profile) and anonymises what must stay (orders). */
  readonly forget: (uid: string) => Promise<void>;
  readonly allowedOrigins: readonly string[];
}

const DeletedAccountPayload = Schema.Struct({ token: Schema.String.pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(8192))) });

/**
 * POST /api/account/deleted `{ token }`, for providers whose accounts are deleted in the browser
 * (Firebase): the ID token the user held just before deleting their account. Only when the token
 * is genuine and the provider no longer knows its user is anything forgotten (204); otherwise 403
 * and nothing happens. Forgetting twice is harmless.
 */
export function accountDeletedRoute(options: AccountDeletedRouteOptions): Hono {
  const app = new Hono();
  app.use(sameOriginWrites(options.allowedOrigins));
  app.post("/", async (c) => {
    const body = await decodeJsonBody(c, DeletedAccountPayload);
    if (!body.ok) return body.response;
    const uid = await options.verifier.deletedUid(body.value.token);
    if (!uid) return apiError(c, "forbidden");
    await options.forget(uid);
    return c.body(null, 204, { "Cache-Control": "no-store" });
  });
  return app;
}
