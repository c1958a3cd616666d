import type { Context, MiddlewareHandler } from "hono";

/**
 * The bytes of a refused body, handed to `onChunk` as they are read: those read before the limit
 * was passed, then the rest that the lingering close reads anyway. Read once; what no one asks for
 * is dropped unseen.
 */
export type RefusedBody = (onChunk: (chunk: Uint8Array) => void) => Promise<void>;

/** The answer to a body over the limit: a response (413), or none when it has set `c.res` itself. */
export type TooLargeHandler = (c: Context, refusedBody: RefusedBody) => Response | void | Promise<Response | void>;

/**
 * Refuses request bodies over `maxBytes` with `onTooLarge` (413), keeping no more than that in
 * memory: a declared Content-Length is checked first; a chunked body is counted as it arrives. A
 * request without a body passes untouched. (Hono's own bodyLimit rebuilds the request with
 * undici's Request, which throws on the Node server's request object: every bodiless POST was a
 * 500.) Like a server's lingering close, the rest of a refused body is read and dropped, up to
 * LINGER_FACTOR × maxBytes, so that the client, still sending, receives the 413 instead of a reset;
 * `onTooLarge` may look at those bytes as they go (a form's text, see page-form-posts.middleware.ts).
 */
export function requestBodyLimit(maxBytes: number, onTooLarge: TooLargeHandler): MiddlewareHandler {
  const lingerBytes = LINGER_FACTOR * maxBytes;
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header("Content-Length");
    const reader = body.getReader();
    if (declared !== undefined && !c.req.header("Transfer-Encoding")) {
      if (Number(declared) <= maxBytes) {
        reader.releaseLock();
        return next();
      }
      return refuse(c, onTooLarge, reader, [], Number(declared) <= lingerBytes ? lingerBytes : 0);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return refuse(c, onTooLarge, reader, [...chunks, value], lingerBytes - size);
      chunks.push(value);
    }
    const buffered = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffered.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: buffered });
    return next();
  };
}

const LINGER_FACTOR = 4;

/** Answers a refused body with `onTooLarge`, its bytes (`read`, then up to `lingerLeft` more) shown to it or dropped. */
async function refuse(
  c: Context,
  onTooLarge: TooLargeHandler,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  read: readonly Uint8Array[],
  lingerLeft: number,
): Promise<Response | void> {
  let drained: Promise<void> | undefined;
  const refusedBody: RefusedBody = (onChunk) =>
    (drained ??= (async () => {
      for (const chunk of read) onChunk(chunk);
      await discard(reader, lingerLeft, onChunk);
    })());
  const answer = await onTooLarge(c, refusedBody);
  await refusedBody(() => {});
  return answer;
}

/** Reads up to `bytes` more of a refused body, each chunk shown to `onChunk` and dropped, then stops reading. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  let left = bytes;
  while (left > 0) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value);
    left -= value.byteLength;
  }
  await reader.cancel();
}
