import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formUploadRoute } from "../../../../../adapters/http/server/form-upload.route";
import { createDiskFiles } from "../../../../../adapters/embedded/files/disk-files.adapter";
import { CV_FILE_RULES, UNATTACHED_FILES_LIMIT, createFixedWindowRateLimiter, type FilesPort } from "../../../../../core";
import { docFile, docxFile, pdfFile, pngFile } from "../../../support/cv-files";

const ORIGIN = "https://turiaarena.example";
const LIMIT = CV_FILE_RULES.maxBytes;

let dataDir: string;
let files: FilesPort;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "arena-upload-route-"));
  files = createDiskFiles({ directory: join(dataDir, "files") });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

function app(limit = 20) {
  return formUploadRoute({ files, allowedOrigins: [ORIGIN], limiter: createFixedWindowRateLimiter({ limit, windowMs: 10 * 60_000 }) });
}

function upload(route: ReturnType<typeof app>, body: BodyInit | null, headers: Record<string, string> = {}) {
  return route.request("/", { method: "POST", body, headers: { Origin: ORIGIN, "Content-Type": "application/pdf", ...headers }, duplex: "half" } as RequestInit);
}

/** A body of `total` bytes handed out 64 KB at a time, counting what the server pulls. */
function countedBody(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = Math.min(64 * 1024, total - counter.pulled);
      if (size <= 0) return controller.close();
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x25));
    },
  });
  return { stream, counter };
}

type ErrorJson = { error: { code: string; message: string } };

describe("POST /api/forms/uploads", () => {
  it("keeps a PDF, a DOC and a DOCX under generated ids, readable through the port as sent", async () => {
    const route = app();
    const ids: string[] = [];
    for (const [bytes, kind, name, stored] of [
      [pdfFile(), "pdf", "Currículum Núria.pdf", "Currículum Núria.pdf"],
      [docFile(), "doc", "cv.doc", "cv.doc"],
      [docxFile(), "docx", "../../cv final.docx", "cv final.docx"],
    ] as const) {
      const response = await upload(route, bytes, { "Content-Type": "application/octet-stream", "X-File-Name": encodeURIComponent(name) });
      expect(response.status, kind).toBe(201);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as { id: string; name: string; size: number; kind: string };
      expect(body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), name: stored, size: bytes.length, kind });
      const read = await files.read(body.id);
      expect(read?.file).toMatchObject({ originalName: stored, size: bytes.length, purpose: "cv" });
      expect(read && Buffer.from(read.bytes).equals(Buffer.from(bytes))).toBe(true);
      ids.push(body.id);
    }
    // Stored under the ids, never the visitor's names (beside the folder of the unattached files' places).
    const storedNames = await readdir(join(dataDir, "files"));
    expect(storedNames.filter((name) => !/^[A-Za-z0-9_-]{22}\.(bin|json)$/.test(name))).toEqual(["unattached"]);
    expect(storedNames).toEqual(expect.arrayContaining(ids.flatMap((id) => [`${id}.bin`, `${id}.json`])));
  });

  it("stores the type of what the content is, not what the browser said", async () => {
    const response = await upload(app(), docxFile(), { "Content-Type": "application/pdf", "X-File-Name": "cv.pdf" });
    const { id, name } = (await response.json()) as { id: string; name: string };
    expect(name).toBe("cv.docx");
    expect((await files.read(id))?.file.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });

  it("refuses a PNG named .pdf with 415, keeping nothing", async () => {
    const response = await upload(app(), pngFile(), { "X-File-Name": "cv.pdf" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: { code: "unsupported-media-type", message: "validation.cv.unsupported" } });
    expect(await files.list({})).toEqual([]);
  });

  it("refuses an empty body with 400", async () => {
    for (const body of [null, new Uint8Array(0)]) {
      const response = await upload(app(), body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorJson).error.code).toBe("invalid-request");
    }
  });

  it("refuses a body declared over 5 MB with 413 without reading it", async () => {
    const { stream, counter } = countedBody(LIMIT + 1);
    const response = await upload(app(), stream, { "Content-Length": String(LIMIT + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: "payload-too-large", message: "validation.cv.tooLarge" } });
    // At most what the stream queued by itself before anybody read.
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses a body of unknown length with 413 as soon as it passes 5 MB, reading no further", async () => {
    const { stream, counter } = countedBody(3 * LIMIT);
    const response = await upload(app(), stream);
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(LIMIT + 2 * 64 * 1024);
    expect(await files.list({})).toEqual([]);
  });

  it("takes a file of exactly 5 MB", async () => {
    const bytes = new Uint8Array(LIMIT);
    bytes.set(pdfFile());
    const response = await upload(app(), bytes);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { size: number }).size).toBe(LIMIT);
  });

  it("takes writes from the site's own pages only", async () => {
    for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }]) {
      const response = await upload(app(), pdfFile(), headers);
      expect(response.status).toBe(403);
    }
    const response = await app().request("/", { method: "POST", body: pdfFile() });
    expect(response.status).toBe(403);
    expect(await files.list({})).toEqual([]);
  });

  it("limits uploads per client with 429 and Retry-After", async () => {
    const route = app(2);
    expect((await upload(route, pdfFile())).status).toBe(201);
    expect((await upload(route, pngFile())).status).toBe(415);
    const refused = await upload(route, pdfFile());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await files.list({})).length).toBe(1);
  });

  it("serves no file back, whatever the URL", async () => {
    const { id } = (await (await upload(app(), pdfFile())).json()) as { id: string };
    for (const path of ["/", `/${id}`, `/${id}.bin`]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("%PDF");
    }
  });

  it("keeps at most the site's limit of unattached uploads, from every address together: 503 with Retry-After past it, until a form names one", async () => {
    // One process's limiter per address would let each address through: the limit is the store's.
    const route = app(1000);
    const statuses: number[] = [];
    for (let n = 0; n < UNATTACHED_FILES_LIMIT + 5; n++) statuses.push((await upload(route, pdfFile())).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(UNATTACHED_FILES_LIMIT);
    const refused = await upload(route, pdfFile());
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(60);
    expect(((await refused.json()) as ErrorJson).error).toEqual({ code: "uploads-full", message: "validation.cv.busy" });
    expect(await files.list({})).toHaveLength(UNATTACHED_FILES_LIMIT);

    const [named] = await files.list({});
    await files.attach(named!.id);
    expect((await upload(route, pdfFile())).status).toBe(201);
    expect((await upload(route, pdfFile())).status).toBe(503);
  });
});
