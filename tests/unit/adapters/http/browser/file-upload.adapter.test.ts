import { describe, expect, it } from "vitest";
import { FileUploadError, createXhrFileUpload } from "../../../../../adapters/http/browser/file-upload.adapter";

/** What the fake server does with one request, once it has the body. */
type Reply = { readonly status: number; readonly body?: string; readonly headers?: Record<string, string> } | "network-error" | "never";

/**
 * Just enough of XMLHttpRequest, behaving as a browser's does: progress on `upload` while the
 * body goes out, then exactly one of load, error or abort on the request.
 */
class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  readonly sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  status = 0;
  responseText = "";
  private responseHeaders: Record<string, string> = {};
  private done = false;

  constructor(private readonly reply: Reply) {
    super();
  }

  open(method: string, url: string) {
    Object.assign(this.sent, { method, url });
  }

  setRequestHeader(name: string, value: string) {
    this.sent.headers[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: Blob) {
    this.sent.body = body;
    queueMicrotask(() => {
      this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded: body.size / 2, total: body.size, lengthComputable: true }));
      if (this.reply === "never") return;
      queueMicrotask(() => {
        if (this.done || this.reply === "never") return;
        if (this.reply === "network-error") return this.finish("error");
        this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded: body.size, total: body.size, lengthComputable: true }));
        this.status = this.reply.status;
        this.responseText = this.reply.body ?? "";
        this.responseHeaders = Object.fromEntries(Object.entries(this.reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
        this.finish("load");
      });
    });
  }

  abort() {
    if (!this.done) this.finish("abort");
  }

  private finish(type: "load" | "error" | "abort") {
    this.done = true;
    this.dispatchEvent(new Event(type));
  }
}

function client(reply: Reply) {
  const requests: FakeXhr[] = [];
  const port = createXhrFileUpload({
    createRequest: () => {
      const request = new FakeXhr(reply);
      requests.push(request);
      return request as unknown as XMLHttpRequest;
    },
  });
  return { port, requests };
}

const cv = new Blob(["%PDF-1.4\n"], { type: "application/pdf" });
const accepted = { status: 201, body: JSON.stringify({ id: "AbCdEfGhIjKlMnOpQr-_09", name: "Núria CV.pdf", size: 9, kind: "pdf" }) };

describe("createXhrFileUpload", () => {
  it("posts the file as it is, its name percent-encoded, and reports progress", async () => {
    const { port, requests } = client(accepted);
    const progress: [number, number][] = [];
    const uploaded = await port.upload(cv, "Núria CV.pdf", { onProgress: (loaded, total) => progress.push([loaded, total]) });
    expect(uploaded).toEqual({ id: "AbCdEfGhIjKlMnOpQr-_09", name: "Núria CV.pdf", size: 9 });
    expect(requests[0]!.sent).toEqual({
      method: "POST",
      url: "/api/forms/uploads",
      headers: { accept: "application/json", "content-type": "application/pdf", "x-file-name": "N%C3%BAria%20CV.pdf" },
      body: cv,
    });
    expect(progress).toEqual([
      [4.5, 9],
      [9, 9],
    ]);
  });

  it("says what the server refused with Firebase Storage's codes and the status", async () => {
    const cases: [number, string][] = [
      [400, "storage/invalid-argument"],
      [403, "storage/unauthorized"],
      [413, "storage/quota-exceeded"],
      [415, "storage/invalid-argument"],
      [500, "storage/unknown"],
    ];
    for (const [status, code] of cases) {
      const failure = await client({ status, body: '{"error":{}}' }).port.upload(cv, "cv.pdf").catch((error: unknown) => error);
      expect(failure, String(status)).toBeInstanceOf(FileUploadError);
      expect(failure, String(status)).toMatchObject({ code, status });
    }
  });

  it("passes a Retry-After on, for the retry policy", async () => {
    const failure = await client({ status: 429, headers: { "Retry-After": "7" } }).port.upload(cv, "cv.pdf").catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "storage/unknown", status: 429, retryAfterMs: 7000 });
  });

  it("names the site's uploads being full as Storage's quota-exceeded, which the upload does not retry", async () => {
    const full = await client({ status: 503, headers: { "Retry-After": "300" }, body: '{"error":{"code":"uploads-full","message":"validation.cv.busy"}}' })
      .port.upload(cv, "cv.pdf")
      .catch((error: unknown) => error);
    expect(full).toMatchObject({ code: "storage/quota-exceeded", status: 503, retryAfterMs: 300_000 });
  });

  it("fails with no status when the network does, and on a 201 that is not the site's", async () => {
    await expect(client("network-error").port.upload(cv, "cv.pdf")).rejects.toMatchObject({ code: "storage/unknown", status: undefined });
    await expect(client({ status: 201, body: "<html>portal</html>" }).port.upload(cv, "cv.pdf")).rejects.toMatchObject({ code: "storage/unknown", status: 201 });
  });

  it("stops the transfer when the signal aborts, failing with storage/canceled", async () => {
    const { port, requests } = client("never");
    const controller = new AbortController();
    const pending = port.upload(cv, "cv.pdf", { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "storage/canceled" });
    expect(requests).toHaveLength(1);
  });

  it("sends nothing when the signal aborted before", async () => {
    const { port, requests } = client(accepted);
    const controller = new AbortController();
    controller.abort();
    await expect(port.upload(cv, "cv.pdf", { signal: controller.signal })).rejects.toMatchObject({ code: "storage/canceled" });
    expect(requests).toEqual([]);
  });
});
