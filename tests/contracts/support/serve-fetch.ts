import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

export interface ServedFetch {
  /** `http://127.0.0.1:{port}` */
  readonly origin: string;
  /** Every request the server answered, in order: path with query, and status. */
  readonly log: { readonly url: string; readonly status: number }[];
  close(): Promise<void>;
}

/** Serves a fetch handler (a Hono app's `fetch`) on a loopback port with node:http. */
export async function serveFetch(handler: (request: Request) => Response | Promise<Response>): Promise<ServedFetch> {
  const log: { url: string; status: number }[] = [];
  const server = createServer(async (req, res) => {
    try {
      const response = await handler(toRequest(req));
      log.push({ url: req.url ?? "", status: response.status });
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, key) => {
        headers[key] = value;
      });
      const setCookies = response.headers.getSetCookie();
      if (setCookies.length) headers["set-cookie"] = setCookies;
      res.writeHead(response.status, headers);
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    } catch (error) {
      log.push({ url: req.url ?? "", status: 500 });
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method,
    headers,
    body,
    ...(body ? { duplex: "half" } : {}),
  } as RequestInit);
  // As srvx's Node adapter, the production server, does: routes read the client's address from the socket.
  return Object.defineProperty(request, "runtime", { value: { name: "node", node: { req } } });
}
