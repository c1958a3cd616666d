import { FastResponse } from "srvx";

type WholeBody = string | Uint8Array;

/**
 * An answer whose body is whole in memory (a rendered page, its compressed bytes, a cached page).
 * The production server (srvx) writes such an answer's body to the socket as it is, where a
 * standard Response's body goes through a web stream twice (made, then read); the compression
 * reads it back with `wholeBodyOf`. Measured side by side: a quarter of a cached page's CPU, 3 %
 * of a rendered one's. Asking such an answer for its `body` turns it into a standard Response:
 * `hasBody` tells without asking.
 *
 * The body is the answer's own property, not a module-wide WeakMap's value: a WeakMap lives in
 * the old generation, and V8's scavenges hold its values alive (only its keys are weak to them),
 * so every rendered page (150 KB, two-byte) was promoted and stayed until the next full
 * collection, which came every few seconds under load.
 */
class WholeBodyResponse extends FastResponse {
  constructor(
    readonly wholeBody: WholeBody | null,
    init: ResponseInit,
  ) {
    super(wholeBody as BodyInit | null, init);
  }
}

export function wholeBodyResponse(body: WholeBody | null, init: ResponseInit): Response {
  return new WholeBodyResponse(body, init) as unknown as Response;
}

/** Whether the answer has a body; for one made here, without turning it into a standard Response. */
export function hasBody(response: Response): boolean {
  return response instanceof WholeBodyResponse ? response.wholeBody !== null : response.body !== null;
}

/** The answer's body as bytes: as it was made, or read from its stream for any other answer. */
export async function wholeBodyOf(response: Response): Promise<Uint8Array> {
  const body = response instanceof WholeBodyResponse ? response.wholeBody : null;
  if (body === null) return new Uint8Array(await response.arrayBuffer());
  return typeof body === "string" ? Buffer.from(body) : body;
}

/** The answer's body as text (UTF-8), as `wholeBodyOf` reads it. */
export async function wholeTextOf(response: Response): Promise<string> {
  if (response instanceof WholeBodyResponse && typeof response.wholeBody === "string") return response.wholeBody;
  return new TextDecoder().decode(await wholeBodyOf(response));
}
