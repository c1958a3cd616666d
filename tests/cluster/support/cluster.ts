import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { fetchFrom } from "../../e2e/support/accounts";
import type { ReceivedMail } from "../../unit/adapters/mail/support/local-smtp-server";

/** The run's cluster (tests/cluster/global-setup.ts), or why it could not start here. */
export const cluster = inject("cluster");

/** The cluster's options for `describe`: skipped, with the reason printed, where it could not start (in CI it fails the run instead). */
export const CLUSTER_OPTIONS: { readonly skip?: boolean } = "skip" in cluster ? { skip: true } : {};
if ("skip" in cluster) console.warn(`[cluster] skipped: ${cluster.skip}`);

export function running() {
  if ("skip" in cluster) throw new Error(cluster.skip);
  return cluster;
}

async function control<T>(method: "GET" | "POST", path: string): Promise<T> {
  const response = await fetch(`${running().controlUrl}${path}`, { method });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`control ${method} ${path}: ${body.error ?? response.status}`);
  return body;
}

/** What an operator does to the cluster, through its control plane. */
export const operator = {
  /** Every mail the SMTP server has received this run. */
  mails: () => control<ReceivedMail[]>("GET", "/mails"),
  smtpDown: () => control("POST", "/smtp/stop"),
  smtpUp: () => control("POST", "/smtp/start"),
  /** haproxy's state of each instance (UP, DOWN, …). */
  balancerStates: () => control<Record<string, string>>("GET", "/balancer"),
  stop: (name: string) => control<{ exitCode: number | null }>("POST", `/instances/${name}/stop`),
  start: (name: string) => control("POST", `/instances/${name}/start`),
  replace: (name: string) => control<{ exitCode: number | null }>("POST", `/instances/${name}/replace`),
};

/** The mails to `to` received so far, waiting up to `timeoutMs` until `enough` of them are there. */
export async function mailsTo(to: string, { enough = 1, timeoutMs = 15_000 } = {}): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await operator.mails()).filter((mail) => mail.to.includes(to));
    if (mails.length >= enough) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${enough} mails to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A mail's Message-ID, left of its @: the outbox's dedupe key of what it is about (e.g. `<submission>.team`). */
export const mailKeyOf = (mail: ReceivedMail) => /^Message-ID: <([^@>]*)@/im.exec(mail.message)?.[1] ?? "";

/**
 * The mails whose keys are `keys`, in that order, once every one has arrived; it fails if any
 * arrived more than once.
 */
export async function mailsWithKeys(keys: readonly string[], timeoutMs = 15_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const received = await operator.mails();
    const found = keys.map((key) => received.filter((mail) => mailKeyOf(mail) === key));
    const twice = keys.filter((_, index) => found[index]!.length > 1);
    if (twice.length > 0) throw new Error(`delivered more than once: ${twice.join(", ")}`);
    if (found.every((mails) => mails.length === 1)) return found.map((mails) => mails[0]!);
    if (Date.now() > deadline) throw new Error(`not delivered within ${timeoutMs} ms: ${keys.filter((_, index) => found[index]!.length === 0).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link of a mail that leads to `pathPart`. */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const link = mail.message.match(/https?:\/\/[^\s"<>]+/g)?.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`The mail to ${mail.to.join(", ")} has no link to ${pathPart}`);
  return link.replace(/&amp;/g, "&");
}

export type Answer = Response & { readonly servedBy: string };

/**
 * A browser's side of the site through the balancer: a cookie jar, the Origin of the site's pages;
 * every answer says which instance gave it. `from`: a loopback address of its own (127.0.0.0/8)
 * to connect from, which haproxy passes on as the client's (a crowd comes from many addresses).
 */
export function visitorClient(extraHeaders: Readonly<Record<string, string>> = {}, from?: string) {
  const { url } = running();
  const jar = new Map<string, string>();
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: Readonly<Record<string, string>> } = {}): Promise<Answer> => {
    const request = {
      method: init.method ?? "GET",
      headers: {
        "Accept-Language": "en",
        ...extraHeaders,
        ...init.headers,
        Origin: url,
        Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    };
    const response = from ? await fetchFrom(from, `${url}${path}`, request) : await fetch(`${url}${path}`, { ...request, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0/i.test(cookie)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    return Object.assign(response, { servedBy: response.headers.get("x-served-by") ?? "" });
  };
  return { call, cookies: jar };
}

/** Calls until every instance has answered once (round-robin: as many calls as instances, when all are up). */
export async function onEveryInstance(call: () => Promise<Answer>): Promise<Map<string, Answer>> {
  const { instances } = running();
  const answers = new Map<string, Answer>();
  for (let attempt = 0; attempt < instances.length * 4 && answers.size < instances.length; attempt++) {
    const answer = await call();
    if (!answers.has(answer.servedBy)) answers.set(answer.servedBy, answer);
    else await answer.arrayBuffer();
  }
  if (answers.size < instances.length) throw new Error(`only ${[...answers.keys()].join(", ")} answered`);
  return answers;
}

/** An event of the content the cluster serves: its story uuid and ticket types, as the CMS has them. */
export function eventOf(slug: string): { uuid: string; types: { _uid: string; capacity: number; name: string }[] } {
  const folder = join(running().contentDir, "stories", "1000001");
  const file = readdirSync(folder).find((name) => name.startsWith(`${slug}_`));
  if (!file) throw new Error(`No event ${slug} in ${folder}`);
  const story = JSON.parse(readFileSync(join(folder, file), "utf8")) as { uuid: string; content: { ticket_types?: { _uid: string; capacity: number; name: string }[] } };
  return { uuid: story.uuid, types: story.content.ticket_types ?? [] };
}
