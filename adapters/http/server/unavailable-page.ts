import { LOCALES, localisePath, resolveRequestLocale, type LocaleSettings, type MessageCatalog, type Messages } from "../../../core";
import { escapeHtml } from "../../mail/templates/escape-html";

/**
 * The page a visitor gets when the server could not answer in time (503, Retry-After): in the
 * request's language, made of texts alone, without the site's renderer or any store, since those
 * may be what is slow. It says to try again and links home.
 */
export async function unavailablePage(request: Request, settings: LocaleSettings, messages: MessageCatalog, retryAfterSeconds: number): Promise<Response> {
  const url = new URL(request.url);
  const detected = resolveRequestLocale(url.pathname, request.headers.get("Host") ?? undefined, settings).locale ?? settings.defaultLocale;
  const texts = await messages.load(detected);
  const say = (key: string) => escapeHtml(textAt(texts, key));
  const home = escapeHtml(localisePath("/", detected, settings));
  const html =
    `<!doctype html><html lang="${LOCALES[detected].language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${say("error.serverErrorTitle")}</title></head><body><main><h1>${say("error.serverErrorTitle")}</h1><p>${say("feedback.error.busy")}</p>` +
    `<p><a href="${home}">${say("error.backHome")}</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(retryAfterSeconds) },
  });
}

function textAt(messages: Messages, key: string): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : key;
}
