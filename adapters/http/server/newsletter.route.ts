import { Hono, type Context } from "hono";
import { newsletterApi, type NewsletterSubscriptionsPort } from "../../../core";
import { apiError } from "./api-error";
import { serveEndpoint } from "./api-endpoint";
import type { NewsletterTokens } from "./newsletter-tokens";
import { sameOriginWrites } from "./origin-check.middleware";

export interface NewsletterRouteOptions {
  readonly subscriptions: NewsletterSubscriptionsPort;
  readonly tokens: NewsletterTokens;
  readonly allowedOrigins: readonly string[];
  readonly now?: () => Date;
}

export type NewsletterAction = "confirm" | "unsubscribe";

/** What a newsletter link achieved: done, or the link is not (or no longer) valid. */
export type NewsletterActionOutcome = "confirmed" | "unsubscribed" | "invalid-link";

/**
 * Follows a signed newsletter link. Confirming needs a pending subscription; unsubscribing always
 * ends up unsubscribed. Both answer alike for an address the list never had (nothing to tell).
 */
export function newsletterAction(options: Pick<NewsletterRouteOptions, "subscriptions" | "tokens" | "now">) {
  const now = options.now ?? (() => new Date());
  return async (action: NewsletterAction, token: string): Promise<NewsletterActionOutcome> => {
    const email = options.tokens.verify(action, token);
    if (email === undefined) return "invalid-link";
    const at = now().toISOString();
    if (action === "unsubscribe") {
      await options.subscriptions.unsubscribe(email, at);
      return "unsubscribed";
    }
    const subscription = await options.subscriptions.confirm(email, at);
    return subscription?.status === "subscribed" ? "confirmed" : "invalid-link";
  };
}

/**
 * `newsletterApi.base`: `POST /confirm` and `POST /unsubscribe` with `{ token }` from the site's pages,
 * and RFC 8058's one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to
 * `/unsubscribe?token=…` with no Origin of ours, so that one alone skips the origin check (it
 * can only unsubscribe the address its token was signed for).
 */
export function newsletterRoute(options: NewsletterRouteOptions): Hono {
  const act = newsletterAction(options);
  const app = new Hono();
  const pageWrites = sameOriginWrites(options.allowedOrigins);

  // Before the origin check, on the unsubscribe endpoint's own path: a one-click POST, or on to the page's.
  app.post(newsletterApi.unsubscribe.path.slice(newsletterApi.base.length), async (c, next) => {
    const token = c.req.query("token");
    if (token === undefined) return next();
    const body = await c.req.parseBody().catch(() => undefined);
    if (body?.["List-Unsubscribe"] !== "One-Click") return apiError(c, "invalid-request");
    const outcome = await act("unsubscribe", token);
    return outcome === "invalid-link" ? apiError(c, "forbidden", { message: "newsletter.unsubscribe.invalidLink" }) : c.body(null, 204);
  });

  app.use(pageWrites);
  for (const action of ["confirm", "unsubscribe"] as const) {
    serveEndpoint(app, newsletterApi.base, newsletterApi[action], async (c, { answer }) => {
      const token = await tokenOf(c);
      if (token === undefined) return apiError(c, "invalid-request");
      const outcome = await act(action, token);
      return outcome === "invalid-link" ? apiError(c, "forbidden", { message: `newsletter.${action}.invalidLink` }) : answer({ outcome }, 200, { "Cache-Control": "no-store" });
    });
  }
  return app;
}

async function tokenOf(c: Context): Promise<string | undefined> {
  try {
    const body: unknown = await c.req.json();
    const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
    return typeof token === "string" && token.length > 0 && token.length <= 2048 ? token : undefined;
  } catch {
    return undefined;
  }
}
