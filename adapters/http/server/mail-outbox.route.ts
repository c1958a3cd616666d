import { Hono } from "hono";
import type { OutboxEntry, OutboxSummary } from "../../mail/mail-outbox-store";
import type { MailOutbox } from "../../mail/outbox-mail.adapter";
import { escapeHtml as e } from "../../mail/templates/escape-html";

export interface MailOutboxRouteOptions {
  readonly outbox: Pick<MailOutbox, "list" | "find">;
  /** How many of the newest mails the list shows. */
  readonly limit?: number;
}

// Outbox rows hold live verification and reset links: never cached, never indexed.
const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * The development mail viewer at /_mail/ (mount it at "/"; the composition root does so only
 * outside production): the outbox newest first, and each mail's HTML (in a sandboxed frame) and text.
 */
export function mailOutboxRoute(options: MailOutboxRouteOptions) {
  const limit = options.limit ?? 200;
  return new Hono()
    .get("/_mail", (c) => c.redirect("/_mail/", 308))
    .get("/_mail/", async (c) => c.html(listPage(await options.outbox.list(limit)), 200, HEADERS))
    .get("/_mail/:id", async (c) => {
      const mail = await options.outbox.find(c.req.param("id"));
      return mail ? c.html(mailPage(mail), 200, HEADERS) : c.html(page("Mail not found", `<p>No mail with this id. <a href="/_mail/">All mail</a></p>`), 404, HEADERS);
    });
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title></head>
<body style="margin:0 auto;padding:16px;max-width:960px;font-family:system-ui,sans-serif;line-height:1.5;color:#14121c;">
${body}
</body>
</html>
`;
}

const time = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString().replace("T", " ").slice(0, 19));

function listPage(mails: readonly OutboxSummary[]): string {
  const rows = mails.map(
    (mail) => `<tr>
<td>${e(time(mail.createdAt))}</td>
<td>${e(mail.status)}${mail.status === "pending" && mail.attempts > 0 ? ` (retry ${e(time(mail.nextAttemptAt))})` : ""}</td>
<td>${e(mail.to)}</td>
<td><a href="/_mail/${encodeURIComponent(mail.id)}">${e(mail.subject)}</a></td>
</tr>`,
  );
  const table = mails.length
    ? `<table style="width:100%;border-collapse:collapse;text-align:left;">
<caption style="text-align:left;">Newest first (development only: this page is not served in production)</caption>
<thead><tr><th scope="col">Queued (UTC)</th><th scope="col">Status</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>`
    : "<p>The outbox is empty.</p>";
  return page("Mail outbox", `<h1>Mail outbox</h1>\n${table}`);
}

const LINK = /(https?:\/\/[^\s<>"]+)/;

/** The text version, escaped, with its links made clickable (the odd parts of the split are links). */
function linkedText(text: string): string {
  return text
    .split(LINK)
    .map((part, index) => (index % 2 === 1 ? `<a href="${e(part)}">${e(part)}</a>` : e(part)))
    .join("");
}

function mailPage(mail: OutboxEntry): string {
  const facts: [string, string][] = [
    ["To", mail.to],
    ["Status", mail.status],
    ["Attempts", String(mail.attempts)],
    ["Queued (UTC)", time(mail.createdAt)],
    ["Sent (UTC)", time(mail.sentAt)],
    ["Next attempt (UTC)", mail.status === "pending" ? time(mail.nextAttemptAt) : ""],
    ["Last error", mail.lastError ?? ""],
    ["Template", `${mail.template} (${mail.locale})`],
  ];
  const list = facts
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `<dt style="font-weight:bold;">${e(name)}</dt><dd style="margin:0 0 8px;">${e(value)}</dd>`)
    .join("\n");
  // No allow-scripts and no allow-same-origin: the mail runs nothing and reaches nothing of this site.
  return page(
    mail.subject,
    `<p><a href="/_mail/">All mail</a></p>
<h1>${e(mail.subject)}</h1>
<dl>
${list}
</dl>
<h2>HTML</h2>
<iframe title="HTML version of the mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${e(mail.html)}" style="width:100%;height:640px;border:1px solid #d8d4e2;"></iframe>
<h2>Text</h2>
<pre style="white-space:pre-wrap;padding:16px;border:1px solid #d8d4e2;">${linkedText(mail.text)}</pre>`,
  );
}
