import { request } from "node:http";
import { inject } from "vitest";
import { BROWSER_USER_AGENT } from "../../e2e/support/browser";

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface RawRequest {
  readonly method?: string;
  /** Sent exactly as given: fetch would normalise `//` and `\`, which is what the tests probe. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent without a Content-Length (chunked) when `chunked` is set. */
  readonly body?: string;
  readonly chunked?: boolean;
  /** The loopback address the request comes from (127.0.0.0/8): a client address of its own, as the server sees it. */
  readonly from?: string;
}

/** One request to the shared production server over a plain socket, nothing rewritten on the way. */
export function raw({ method = "GET", path, headers = {}, body, chunked = false, from }: RawRequest): Promise<RawResponse> {
  const base = new URL(inject("baseUrl"));
  return new Promise((resolve, reject) => {
    // A server may answer (413) and close before the whole body is sent: the answer is what counts.
    let answered = false;
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        localAddress: from,
        method,
        path,
        headers: {
          "User-Agent": BROWSER_USER_AGENT,
          ...(body !== undefined && !chunked ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

export function header(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}
