import { readdirSync } from "node:fs";
import { join } from "node:path";
import { LOCALES, localisePath, resolveRequestLocale, type LocaleSettings, type MessageCatalog, type Messages } from "../../../core";
import { escapeHtml } from "../../mail/templates/escape-html";

/**
 * The page a visitor gets when the server could not answer in time (503, Retry-After): in the
 * request's language, made of texts alone, without the site's renderer or any store, since those
 * may be what is slow. It says to try again and links home, dressed in the site's stylesheet (a
 * static file most visitors have in their cache already) where there is a build.
 */
export async function unavailablePage(
  request: Request,
  settings: LocaleSettings,
  messages: MessageCatalog,
  retryAfterSeconds: number,
  stylesheet: string | undefined,
): Promise<Response> {
  const url = new URL(request.url);
  const detected = resolveRequestLocale(url.pathname, request.headers.get("Host") ?? undefined, settings).locale ?? settings.defaultLocale;
  const texts = await messages.load(detected);
  const say = (key: string) => escapeHtml(textAt(texts, key));
  const home = escapeHtml(localisePath("/", detected, settings));
  const html =
    `<!doctype html><html lang="${LOCALES[detected].language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${say("error.serverErrorTitle")}</title>${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ""}</head>` +
    `<body><main class="container unavailable"><h1>${say("error.serverErrorTitle")}</h1><p>${say("feedback.error.busy")}</p>` +
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

/** The built client's one stylesheet (Vite names it `assets/static/style.<hash>.css`), as the pages link it. */
export function siteStylesheetIn(clientDir: string): string | undefined {
  const folder = join(clientDir, "assets", "static");
  try {
    const file = readdirSync(folder).find((name) => /^style\.[\w-]+\.css$/.test(name));
    return file ? `/assets/static/${file}` : undefined;
  } catch {
    return undefined;
  }
}
