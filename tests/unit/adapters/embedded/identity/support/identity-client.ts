import type { IdentityServer } from "../../../../../contracts/support/identity-server";

export const ORIGIN = "https://arena.test";
export const PASSWORD = "Túria-arena-2031";

export interface Answer {
  readonly status: number;
  // Answers are JSON of many shapes; tests read the fields they check.
  readonly body: any;
  readonly headers: Headers;
  /** The raw Set-Cookie lines. */
  readonly setCookies: readonly string[];
}

export interface CallOptions {
  /** The Origin header; the site's own by default on requests that change state, none when null. */
  readonly origin?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  /** The raw body, instead of `body` as JSON. */
  readonly rawBody?: string;
}

export interface IdentityClient {
  call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, options?: CallOptions): Promise<Answer>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string): void;
  /** Registers the address (signing in no one: issue 48 item 9). */
  signUp(email: string, password?: string): Promise<Answer>;
  /** Registers the address, then signs in: the browser of a new account's owner. */
  signedUp(email: string, password?: string): Promise<{ uid: string }>;
  signIn(email: string, password?: string): Promise<Answer>;
  /** Trades a fresh ID token for the `__session` cookie. */
  openServerSession(): Promise<Answer>;
  /** Signs up, signs in and verifies the address with the mailed code. */
  verifiedAccount(email: string, password?: string): Promise<{ uid: string }>;
}

/**
 * One browser talking to the identity server's Hono app in process: its cookies, the socket
 * address `ip` (attached as srvx's Node adapter attaches it) and the site's Origin on writes.
 */
export function identityClient(server: IdentityServer, { ip = "203.0.113.7" }: { ip?: string } = {}): IdentityClient {
  const jar = new Map<string, string>();

  const client: IdentityClient = {
    async call(method, path, body, options = {}) {
      const headers = new Headers(options.headers);
      const origin = options.origin === undefined ? (method === "GET" ? null : ORIGIN) : options.origin;
      if (origin !== null) headers.set("Origin", origin);
      if (jar.size) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
      const raw = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      if (raw !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
      const request = new Request(`${ORIGIN}${path}`, { method, headers, body: raw });
      Object.defineProperty(request, "runtime", { value: { name: "node", node: { req: { socket: { remoteAddress: ip } } } } });
      const response = await server.app.fetch(request);
      const setCookies = response.headers.getSetCookie();
      for (const line of setCookies) {
        const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
        const split = pair.indexOf("=");
        const value = pair.slice(split + 1);
        if (value === "" || attributes.some((attribute) => /^max-age=0$/i.test(attribute))) jar.delete(pair.slice(0, split));
        else jar.set(pair.slice(0, split), value);
      }
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, setCookies };
    },
    cookie: (name) => jar.get(name),
    setCookie: (name, value) => void jar.set(name, value),
    signUp: (email, password = PASSWORD) =>
      client.call("POST", "/api/auth/sign-up/email", { email, password, name: "Ana", surname: "García", privacyPolicy: true, locale: "val" }),
    async signedUp(email, password = PASSWORD) {
      const signedUp = await client.signUp(email, password);
      if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}: ${JSON.stringify(signedUp.body)}`);
      const signedIn = await client.signIn(email, password);
      if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
      return { uid: signedIn.body.user.uid as string };
    },
    signIn: (email, password = PASSWORD) => client.call("POST", "/api/auth/sign-in/email", { email, password }),
    async openServerSession() {
      const minted = await client.call("GET", "/api/auth/id-token");
      return client.call("POST", "/api/__session", { token: minted.body.token });
    },
    async verifiedAccount(email, password = PASSWORD) {
      const account = await client.signedUp(email, password);
      await client.call("POST", "/api/auth/verify-email", { code: await server.mailedCode(email, "verifyEmail") });
      return account;
    },
  };
  return client;
}
