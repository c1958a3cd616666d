import type { MiddlewareHandler } from "hono";
import { hasPreviewParameters } from "../../../core";

export interface SecurityHeadersOptions {
  readonly production: boolean;
  /** Who may frame the site: itself, and the CMS's visual editor for preview. */
  readonly frameAncestors: readonly string[];
  /** Origins of third-party scripts allowed to load (cookie consent, live chat). */
  readonly scriptOrigins: readonly string[];
  /** Origins of scripts allowed beside those on a preview's answers only (the CMS's editor bridge). */
  readonly previewScriptOrigins?: readonly string[];
  /**
   * Plain-http origins the page may call besides its own: the Firebase Auth emulator's when one is
   * configured (development and tests); empty otherwise, so that production calls https only.
   */
  readonly emulatorOrigins?: readonly string[];
}

const NONCE = /'nonce-([A-Za-z0-9+/=_-]+)'/;

/**
 * Security headers on every response. Vike generates the page's script nonce and announces it in a
 * minimal CSP header; this completes that policy (same nonce) or applies it nonce-less elsewhere:
 * on the shared pages, whose HTML is the same bytes for everyone, and on everything not a page.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const nonce = NONCE.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
    const preview = options.previewScriptOrigins?.length && c.req.url.includes("_storyblok") && hasPreviewParameters(new URL(c.req.url).searchParams);
    const policy = preview ? { ...options, scriptOrigins: [...options.scriptOrigins, ...options.previewScriptOrigins!] } : options;
    headers.set("Content-Security-Policy", contentSecurityPolicy(policy, nonce));
    headers.set("X-Content-Type-Options", "nosniff");
    // A page may ask for less (a token in its URL: no-referrer), never for more.
    if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    // The door kiosk reads QR codes with the camera (issue 54); no page of the site does.
    const camera = c.req.path.startsWith("/kiosk/") ? "camera=(self)" : "camera=()";
    headers.set("Permissions-Policy", `${camera}, microphone=(), geolocation=(), payment=(self)`);
    headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (options.production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    headers.delete("X-Powered-By");
  };
}

export function contentSecurityPolicy(options: SecurityHeadersOptions, nonce: string | undefined): string {
  const scriptSrc = nonce
    ? [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...options.scriptOrigins]
    : [`'self'`, ...options.scriptOrigins];
  // Vite's dev server talks to the page over a websocket for hot reload.
  const connectSrc = [`'self'`, "https:", ...(options.production ? [] : ["ws:", "wss:"]), ...(options.emulatorOrigins ?? [])];
  return [
    `default-src 'self'`,
    `script-src ${scriptSrc.join(" ")}`,
    // React and the blocks set style attributes; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src 'self' data:`,
    `connect-src ${connectSrc.join(" ")}`,
    `frame-src 'self' https:`,
    `media-src 'self' https:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${options.frameAncestors.join(" ")}`,
  ].join("; ");
}
