import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeRequest {
  readonly method: string;
  /** Path with query. */
  readonly path: string;
  readonly idempotencyKey: string | undefined;
  /** The form-encoded body, as Stripe's API reads it. */
  readonly form: URLSearchParams;
}

export interface StripeApiStandIn {
  /** What the adapter's `api` option takes to talk to this stand-in. */
  readonly api: { readonly host: string; readonly port: number; readonly protocol: "http" };
  /** Every request received, in order. */
  readonly requests: StripeRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for api.stripe.com on loopback, for the few calls the payment adapter makes: it
 * records what the SDK sends and answers as Stripe would. Like Stripe, a POST repeated under an
 * Idempotency-Key it has seen answers the first answer again, so a repeated checkout is the same
 * Checkout Session (cs_test_1, cs_test_2, … each paid by pi_test_1, pi_test_2, …).
 */
export async function startStripeApiStandIn(): Promise<StripeApiStandIn> {
  const requests: StripeRequest[] = [];
  const replies = new Map<string, Reply>();
  let sessions = 0;

  const answer = (method: string, path: string, form: URLSearchParams): Reply => {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${++sessions}`;
      return { status: 200, body: { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` } };
    }
    const session = /^\/v1\/checkout\/sessions\/cs_test_(\d+)(\?|$)/.exec(path);
    if (method === "GET" && session && Number(session[1]) <= sessions) {
      return { status: 200, body: { id: `cs_test_${session[1]}`, object: "checkout.session", payment_intent: `pi_test_${session[1]}` } };
    }
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: { id: `re_test_${requests.length}`, object: "refund", payment_intent: form.get("payment_intent") } };
    return { status: 404, body: { error: { type: "invalid_request_error", message: `No such resource: ${method} ${path}` } } };
  };

  const server = createServer(async (request, response) => {
    const method = request.method ?? "";
    const path = request.url ?? "";
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    const form = new URLSearchParams(await read(request));
    requests.push({ method, path, idempotencyKey, form });
    const replayKey = method === "POST" && idempotencyKey ? `${path} ${idempotencyKey}` : undefined;
    const reply = (replayKey && replies.get(replayKey)) || answer(method, path, form);
    if (replayKey && reply.status === 200) replies.set(replayKey, reply);
    response.writeHead(reply.status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
}

async function read(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}
