import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editorAssetsRoute, MAX_ASSET_UPLOAD_BODY_BYTES } from "../../../../../adapters/http/server/editor-assets.route";
import { editorSessionRoute } from "../../../../../adapters/http/server/editor-session.route";
import { createImageService } from "../../../../../adapters/http/server/image-service.route";
import { createAssetWriter, MAX_ASSET_BYTES } from "../../../../../adapters/embedded/embedded-content/store/asset-writer";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createEditorSessions } from "../../../../../adapters/embedded/editor/editor-sessions";
import { createSqliteEditorSessions } from "../../../../../adapters/embedded/editor/sqlite-editor-sessions.adapter";

const ORIGIN = "https://arena.test";
const PASSWORD = "Correct-Horse-Battery-9";
const SPACE = 1000001;
const PULLED = "/a/f/1000001/1200x800/7dcc4b7454/event-autumn-jazz.jpg";

interface AssetJson {
  id: number;
  filename: string;
  alt: string;
  title: string;
  shortFilename: string;
  contentType: string;
  width: number;
  height: number;
}

let dir: string;
let app: Hono;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-editor-assets-"));
  cpSync("content/assets", dir, { recursive: true });
  const sessions = createEditorSessions({ store: createSqliteEditorSessions(openDatabase(":memory:")), passwordFingerprint: () => "the-password", lifetimeSeconds: 3600 });
  app = new Hono();
  app.route(
    "/_editor/api/session",
    editorSessionRoute({ password: { matches: async (candidate) => candidate === PASSWORD, ready: Promise.resolve(), fingerprint: () => "the-password" }, sessions, publicOrigin: ORIGIN, secureCookies: true, trustedProxies: 0 }),
  );
  app.route("/_editor/api/assets", editorAssetsRoute({ writer: createAssetWriter({ dir, spaceId: SPACE }), sessions, publicOrigin: ORIGIN }));
  // The image service on the same folder, as composition/content.ts mounts it.
  app.route("/", createImageService({ assetsDir: dir }));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function signIn(): Promise<string> {
  const response = await app.request(`${ORIGIN}/_editor/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(response.status).toBe(204);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

function form(fields: { file?: Uint8Array | string; name?: string; type?: string; alt?: string; title?: string }): FormData {
  const body = new FormData();
  if (typeof fields.file === "string") body.set("file", fields.file);
  else if (fields.file) body.set("file", new File([Uint8Array.from(fields.file)], fields.name ?? "photo.jpg", { type: fields.type ?? "image/jpeg" }));
  if (fields.alt !== undefined) body.set("alt", fields.alt);
  if (fields.title !== undefined) body.set("title", fields.title);
  return body;
}

const upload = (body: FormData | Uint8Array<ArrayBuffer>, options: { cookie?: string; origin?: string; headers?: Record<string, string> } = {}) =>
  app.request(`${ORIGIN}/_editor/api/assets`, {
    method: "POST",
    headers: { origin: options.origin ?? ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    body,
  });

const list = async (cookie: string) => ((await (await app.request(`${ORIGIN}/_editor/api/assets`, { headers: { cookie } })).json()) as { assets: AssetJson[] }).assets;
const jpeg = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
const spaceFiles = () => readdirSync(join(dir, String(SPACE))).length;

describe("the editor's assets", () => {
  it("are for a signed-in editor only, never cached or indexed", async () => {
    const anonymous = await app.request(`${ORIGIN}/_editor/api/assets`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: "unauthorized", message: "feedback.error.generic" } });
    const anonymousUpload = await upload(form({ file: await jpeg(), alt: "Escenario" }));
    expect(anonymousUpload.status).toBe(401);

    const cookie = await signIn();
    const listed = await app.request(`${ORIGIN}/_editor/api/assets`, { headers: { cookie } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect(listed.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const { assets } = (await listed.json()) as { assets: AssetJson[] };
    expect(assets.find((asset) => asset.filename === PULLED)).toEqual({
      id: 21000094,
      filename: PULLED,
      alt: "Teclado de piano bajo luces ámbar desenfocadas",
      title: "",
      shortFilename: "event-autumn-jazz.jpg",
      contentType: "image/jpeg",
      width: 1200,
      height: 800,
    });
  });

  it("refuse an upload from another origin", async () => {
    const before = spaceFiles();
    const response = await upload(form({ file: await jpeg(), alt: "Escenario" }), { cookie: await signIn(), origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect(spaceFiles()).toBe(before);
  });

  it("refuse a body over the limit unread, and an image over its own limit, with 413", async () => {
    const cookie = await signIn();
    const before = spaceFiles();
    const oversized = new Uint8Array(MAX_ASSET_UPLOAD_BODY_BYTES + 1);
    const tooLarge = await upload(oversized, { cookie, headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(oversized.byteLength) } });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: { code: "payload-too-large", message: "feedback.error.payloadTooLarge" } });

    // Within the body's limit, but more than an image may have.
    const justOver = await upload(form({ file: new Uint8Array(MAX_ASSET_BYTES + 1), alt: "Demasiado" }), { cookie });
    expect(justOver.status).toBe(413);
    expect(((await justOver.json()) as { error: { code: string; issues: { path: string }[] } }).error).toMatchObject({ code: "payload-too-large", issues: [{ path: "file" }] });
    expect(spaceFiles()).toBe(before);
  });

  it("require alt text and a file, with 422 naming each field", async () => {
    const cookie = await signIn();
    const before = spaceFiles();
    const missingAlt = await upload(form({ file: await jpeg() }), { cookie });
    expect(missingAlt.status).toBe(422);
    expect(await missingAlt.json()).toEqual({ error: { code: "unprocessable", message: "feedback.error.generic", issues: [{ path: "alt", message: "validation.alt.required" }] } });

    const blank = (await (await upload(form({ file: await jpeg(), alt: "   " }), { cookie })).json()) as { error: { issues: unknown[] } };
    expect(blank.error.issues).toEqual([{ path: "alt", message: "validation.alt.required" }]);

    const nothing = await upload(form({ alt: "x".repeat(251), title: "t".repeat(251) }), { cookie });
    expect(nothing.status).toBe(422);
    expect(((await nothing.json()) as { error: { issues: unknown[] } }).error.issues).toEqual(
      expect.arrayContaining([
        { path: "alt", message: "validation.alt.length" },
        { path: "title", message: "validation.imageTitle.length" },
        { path: "file", message: "validation.image.required" },
      ]),
    );
    // A text field where the file should be is no file.
    const text = await upload(form({ file: "not a file", alt: "Escenario" }), { cookie });
    expect(((await text.json()) as { error: { issues: unknown[] } }).error.issues).toEqual([{ path: "file", message: "validation.image.required" }]);
    expect(spaceFiles()).toBe(before);
  });

  it("refuse an SVG with 415 and a damaged image with 422, whatever they are called", async () => {
    const cookie = await signIn();
    const before = spaceFiles();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>');
    const refusedSvg = await upload(form({ file: svg, name: "photo.jpg", type: "image/jpeg", alt: "Logo" }), { cookie });
    expect(refusedSvg.status).toBe(415);
    expect(((await refusedSvg.json()) as { error: object }).error).toMatchObject({ code: "unsupported-media-type", message: "feedback.error.unsupportedMediaType" });

    const damaged = await upload(form({ file: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), alt: "Roto" }), { cookie });
    expect(damaged.status).toBe(422);
    expect(((await damaged.json()) as { error: object }).error).toMatchObject({ code: "unreadable-image", message: "editor.error.unreadableImage" });
    expect(spaceFiles()).toBe(before);
  });

  it("refuse anything but a multipart form with 400", async () => {
    const response = await upload(new TextEncoder().encode(JSON.stringify({ alt: "x" })), { cookie: await signIn(), headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid-request");
  });

  it("add an image that the list then holds and the image service serves at its path", async () => {
    const cookie = await signIn();
    // The service has indexed the folder before the upload: it must see the new file all the same.
    expect((await app.request(`${ORIGIN}${PULLED}`)).status).toBe(200);
    const bytes = await jpeg(64, 48);

    const response = await upload(form({ file: bytes, name: "Escenario Principal.jpeg", alt: "El escenario principal iluminado", title: "Escenario" }), { cookie });
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as { asset: AssetJson };
    expect(asset).toMatchObject({
      filename: expect.stringMatching(/^\/a\/f\/1000001\/64x48\/[0-9a-f]{10}\/escenario-principal\.jpg$/),
      alt: "El escenario principal iluminado",
      title: "Escenario",
      shortFilename: "escenario-principal.jpg",
      contentType: "image/jpeg",
      width: 64,
      height: 48,
    });

    const assets = await list(cookie);
    expect(assets[0]).toEqual(asset);
    expect(asset.id).toBeGreaterThan(Math.max(...assets.slice(1).map((other) => other.id)));

    const served = await app.request(`${ORIGIN}${asset.filename}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const resized = await app.request(`${ORIGIN}${asset.filename}/m/32x0`);
    expect(resized.status).toBe(200);
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(32);
  });
});
