import type { Context, MiddlewareHandler } from "hono";

/**
 * Refuses request bodies over `maxBytes` with `onTooLarge` (413), keeping no more than that in
 * memory: a declared Content-Length is checked first; a chunked body is counted as it arrives. A
 * request without a body passes untouched. (Hono's own bodyLimit rebuilds the request with
 * undici's Request, which throws on the Node server's request object: every bodiless POST was a
 * 500.) Like a server's lingering close, the rest of a refused body is read and dropped, up to
 * LINGER_FACTOR × maxBytes, so that the client, still sending, receives the 413 instead of a reset.
 */
export function requestBodyLimit(maxBytes: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
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
      await discard(reader, Number(declared) <= lingerBytes ? lingerBytes : 0);
      return onTooLarge(c);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await discard(reader, lingerBytes - size);
        return onTooLarge(c);
      }
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

/** Reads and drops up to `bytes` more of a refused body, then stops reading. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<void> {
  let left = bytes;
  while (left > 0) {
    const { done, value } = await reader.read();
    if (done) return;
    left -= value.byteLength;
  }
  await reader.cancel();
}
