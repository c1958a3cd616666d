import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mailOutboxRoute } from "../../../../../adapters/http/server/mail-outbox.route";
import { openDatabase, type SqliteDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteMailOutboxStore } from "../../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createOutboxMail, type MailOutbox } from "../../../../../adapters/mail/outbox-mail.adapter";
import type { MailRenderer } from "../../../../../adapters/mail/templates/mail-renderer";

const HOSTILE = `<script>alert("subject")</script>`;

/** Renders whatever the test says the mail is: the viewer must cope with any subject, HTML and text. */
const rendererOf = (mail: { subject: string; html: string; text: string }): MailRenderer => ({ render: () => Promise.resolve(mail) });

let dir: string;
let db: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-mail-viewer-"));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function queue(mail: { subject: string; html: string; text: string }, to = "ana@example.com"): Promise<{ id: string; outbox: MailOutbox }> {
  const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer: rendererOf(mail) });
  const id = await outbox.send({ to, locale: "es", template: "verifyEmail", params: { link: "https://arena.test/es/verify/?code=abc" } });
  return { id, outbox };
}

/** Mounted as the composition root mounts it. */
const appFor = (outbox: MailOutbox) => new Hono().route("/", mailOutboxRoute({ outbox }));

describe("the mail outbox viewer", () => {
  it("lists the outbox newest first, escaped, and never cached or indexed", async () => {
    await queue({ subject: "First", html: "<p>1</p>", text: "1" });
    const { id, outbox } = await queue({ subject: HOSTILE, html: "<p>2</p>", text: "2" }, `"><img src=x onerror=alert(1)>@example.com`);
    const response = await appFor(outbox).request("/_mail/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain(`<a href="/_mail/${id}">&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</a>`);
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.com");
    expect(html.indexOf("&lt;script&gt;alert")).toBeLessThan(html.indexOf(">First<"));
    expect(html).toContain("pending");
  });

  it("shows one mail's HTML in a sandboxed frame that runs nothing, and its text with clickable links", async () => {
    const { id, outbox } = await queue({
      subject: HOSTILE,
      html: `<p onclick="alert('x')">Hola &amp; adiós</p><script>alert("html")</script>`,
      text: `Confirmar <b>ya</b>:\nhttps://arena.test/es/verify/?code=abc&next='/es/'\n`,
    });
    const response = await appFor(outbox).request(`/_mail/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain(`<title>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</title>`);
    const iframe = /<iframe [^>]*>/.exec(html)?.[0] ?? "";
    expect(iframe).toMatch(/ sandbox="[^"]*"/);
    expect(iframe).not.toMatch(/allow-scripts|allow-same-origin/);
    // The whole mail, escaped once into the attribute: the browser gives the frame the original.
    expect(iframe).toContain(
      `srcdoc="&lt;p onclick=&quot;alert(&#39;x&#39;)&quot;&gt;Hola &amp;amp; adiós&lt;/p&gt;&lt;script&gt;alert(&quot;html&quot;)&lt;/script&gt;"`,
    );
    expect(html).toContain(`Confirmar &lt;b&gt;ya&lt;/b&gt;:\n<a href="https://arena.test/es/verify/?code=abc&amp;next=&#39;/es/&#39;">https://arena.test/es/verify/?code=abc&amp;next=&#39;/es/&#39;</a>\n`);
  });

  it("sends /_mail to /_mail/, and answers 404 for an unknown mail", async () => {
    const { outbox } = await queue({ subject: "S", html: "h", text: "t" });
    const app = appFor(outbox);
    const bare = await app.request("/_mail");
    expect(bare.status).toBe(308);
    expect(bare.headers.get("Location")).toBe("/_mail/");
    const missing = await app.request(`/_mail/${encodeURIComponent("<nope>")}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
    expect(await missing.text()).not.toContain("<nope>");
  });

  it("says so when the outbox is empty", async () => {
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer: rendererOf({ subject: "", html: "", text: "" }) });
    expect(await (await appFor(outbox).request("/_mail/")).text()).toContain("The outbox is empty.");
  });
});
