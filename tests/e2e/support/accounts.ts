import { request } from "node:http";
import { HOST_SESSION_COOKIE } from "../../../core";

/**
 * A request from a loopback address of its own (127.0.0.0/8), as the server's socket sees it:
 * fetch cannot choose the address it sends from.
 */
export function fetchFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: init.method, headers: init.headers, localAddress },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) for (const each of [value ?? []].flat()) headers.append(name, each);
          resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 0, headers }));
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

/**
 * Accounts through the site's own API, as the browser's identity adapter uses it: a cookie jar
 * per visitor, the Origin header of the site's pages. For tests that need a signed-in visitor
 * without going through the forms (the account forms have their own e2e spec): registered (its
 * profile stored with the consent, in `locale`), then signed in, as registration signs no one in.
 */
export async function signedUpVisitor(
  baseUrl: string,
  account: { email: string; password: string; name: string; surname: string; locale?: string },
  /** Sent with every call, e.g. the X-Forwarded-For of a server behind TRUSTED_PROXY. */
  extraHeaders: Readonly<Record<string, string>> = {},
) {
  const jar = new Map<string, string>();
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: Readonly<Record<string, string>>; from?: string } = {}) => {
    const sent = {
      method: init.method ?? "GET",
      headers: {
        ...extraHeaders,
        ...init.headers,
        Origin: baseUrl,
        Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    };
    const response = init.from ? await fetchFrom(init.from, `${baseUrl}${path}`, sent) : await fetch(`${baseUrl}${path}`, { ...sent, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  // The sign-up and the sign-in from an address of the visitor's own: the run's visitors would
  // otherwise share 127.0.0.1's sign-up and sign-in limits (10 a minute each).
  const from = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
  const signUp = await call("/api/auth/sign-up/email", { method: "POST", body: { ...account, privacyPolicy: true, locale: account.locale ?? "en" }, from });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const signIn = await call("/api/auth/sign-in/email", { method: "POST", body: { email: account.email, password: account.password }, from });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { user } = (await signIn.json()) as { user: { uid: string } };
  const { token } = (await (await call("/api/auth/id-token")).json()) as { token: string };
  const session = await call("/api/__session", { method: "POST", body: { token } });
  if (!session.ok) throw new Error(`the session endpoint answered ${session.status}`);
  // The production server's session cookie: Secure, so `__Host-`.
  const cookie = jar.get(HOST_SESSION_COOKIE);
  if (!cookie) throw new Error("no session cookie");
  // Every cookie the visitor holds, for a browser: the identity server's own session as well, which the site's is bound to.
  const held = [...jar].filter(([, value]) => value !== "");
  const cookies = held.map(([name, value]) => ({ name, value, domain: new URL(baseUrl).hostname, path: "/", secure: /^__(Secure|Host)-/.test(name) }));
  const cookieHeader = held.map(([name, value]) => `${name}=${value}`).join("; ");
  return { uid: user.uid, sessionCookie: cookie, cookieHeader, cookies, call };
}
