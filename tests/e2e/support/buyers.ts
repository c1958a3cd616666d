import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import type { EventContent } from "../../../core";
import { BROWSER_USER_AGENT, waitForHydration, watchForTextsNotSent } from "./browser";
import { TEXTS } from "./account-pages";
import { signedUpVisitor } from "./accounts";
import { linkIn, mailOutbox } from "./outbox";

/**
 * A signed-up user whose address is verified, as a buyer must be: signed up through the site's
 * API, the verification mail's link opened in a browser, and a browser context signed in with the
 * same cookies, ready to buy.
 */
export async function verifiedBuyer(browser: Browser, options: { baseUrl: string; dataDir: string; email: string; locale?: "es" | "en" | "val"; width?: number }) {
  const visitor = await signedUpVisitor(options.baseUrl, { email: options.email, password: "Correct-Horse-Battery-9", name: "Buyer", surname: "Puig", locale: options.locale ?? "en" });
  const outbox = mailOutbox(options.dataDir);
  const mail = await outbox.latest(options.email, "verifyEmail").finally(() => outbox.close());
  const context = await browser.newContext({ userAgent: BROWSER_USER_AGENT, locale: "en-US", viewport: { width: options.width ?? 1280, height: 900 } });
  watchForTextsNotSent(context);
  await context.addCookies(visitor.cookies.map((cookie) => ({ ...cookie, sameSite: "Lax" as const })));
  const page = await context.newPage();
  await page.goto(linkIn(mail, "/verify-email/"));
  await waitForHydration(page);
  await page.getByRole("status").getByText(TEXTS[options.locale ?? "en"].account.verification.done, { exact: true }).waitFor();
  return { page, context, visitor };
}

/**
 * A verified buyer through the API alone (no browser): signed up, the verification mail's code
 * sent back, and a `call` that carries the session. `forwardedFor` gives a server behind
 * TRUSTED_PROXY=1 a client address per buyer, as a crowd behind a proxy has.
 */
export async function verifiedApiBuyer(options: { baseUrl: string; dataDir: string; email: string; forwardedFor?: string; locale?: string }) {
  const headers: Record<string, string> = options.forwardedFor ? { "X-Forwarded-For": options.forwardedFor } : {};
  const visitor = await signedUpVisitor(options.baseUrl, { email: options.email, password: "Correct-Horse-Battery-9", name: "Buyer", surname: "Puig", locale: options.locale }, headers);
  const outbox = mailOutbox(options.dataDir);
  const mail = await outbox.latest(options.email, "verifyEmail").finally(() => outbox.close());
  const code = new URL(linkIn(mail, "/verify-email/")).searchParams.get("code");
  const verified = await visitor.call("/api/auth/verify-email", { method: "POST", body: { code } });
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}: ${await verified.text()}`);
  return visitor;
}

/** An embedded event's story uuid and ticket types, as the CMS has them. */
export function embeddedEvent(slug: string): { uuid: string; types: NonNullable<EventContent["ticket_types"]> } {
  const folder = "content/stories/1000001";
  const file = readdirSync(folder).find((name) => name.startsWith(`${slug}_`));
  if (!file) throw new Error(`No embedded event ${slug}`);
  const story = JSON.parse(readFileSync(join(folder, file), "utf8")) as { uuid: string; content: EventContent };
  return { uuid: story.uuid, types: story.content.ticket_types ?? [] };
}
