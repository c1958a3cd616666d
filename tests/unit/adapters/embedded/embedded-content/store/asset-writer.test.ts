import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { pngBomb } from "../../../../support/png-bomb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssetWriter, MAX_ASSET_BYTES, slugOf, type AssetWriter } from "../../../../../../adapters/embedded/embedded-content/store/asset-writer";

const SPACE = 1000001;
const NOW = Date.parse("2027-03-04T05:06:07.000Z");

let dir: string;
let folder: string;
let writer: AssetWriter;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "arena-assets-"));
  folder = join(dir, String(SPACE));
  writer = createAssetWriter({ dir, spaceId: SPACE, now: () => NOW });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const photo = (width = 120, height = 80) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
/** Noise compresses badly, so that a cut leaves real image data missing. */
const noisyJpeg = () =>
  sharp(Buffer.from(Array.from({ length: 160 * 120 * 3 }, (_, at) => (at * 7919) % 251)), { raw: { width: 160, height: 120, channels: 3 } })
    .jpeg()
    .toBuffer();

const filesIn = (path: string) => (existsSync(path) ? readdirSync(path).sort() : []);

describe("asset writer", () => {
  it("adds an image in the CLI layout, with a content-hashed filename, and lists it as stories link it", async () => {
    const bytes = await photo(120, 80).jpeg().toBuffer();
    const added = await writer.add({ bytes, originalName: "Concierto de Año Nuevo.JPEG", alt: "  Orquesta en el escenario  ", title: "Año nuevo" });
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
    expect(added).toEqual({
      outcome: "added",
      asset: {
        id: 1,
        filename: `/a/f/${SPACE}/120x80/${hash}/concierto-de-ano-nuevo.jpg`,
        alt: "Orquesta en el escenario",
        title: "Año nuevo",
        short_filename: "concierto-de-ano-nuevo.jpg",
        content_type: "image/jpeg",
        width: 120,
        height: 80,
      },
    });

    expect(filesIn(folder)).toEqual(["concierto-de-ano-nuevo_1.jpg", "concierto-de-ano-nuevo_1.json"]);
    expect(readFileSync(join(folder, "concierto-de-ano-nuevo_1.jpg")).equals(bytes)).toBe(true);
    const json = JSON.parse(readFileSync(join(folder, "concierto-de-ano-nuevo_1.json"), "utf8")) as Record<string, unknown>;
    // The Management API's asset object, as `storyblok assets pull` writes it.
    expect(json).toMatchObject({
      id: 1,
      filename: `https://a.storyblok.com/f/${SPACE}/120x80/${hash}/concierto-de-ano-nuevo.jpg`,
      space_id: SPACE,
      created_at: "2027-03-04T05:06:07.000Z",
      updated_at: "2027-03-04T05:06:07.000Z",
      short_filename: "concierto-de-ano-nuevo.jpg",
      content_type: "image/jpeg",
      content_length: bytes.byteLength,
      alt: "Orquesta en el escenario",
      title: "Año nuevo",
      is_private: false,
      meta_data: { alt: "Orquesta en el escenario", title: "Año nuevo", copyright: "", source: "" },
    });
    expect(Object.keys(json).sort()).toEqual(Object.keys(JSON.parse(readFileSync("content/assets/1000001/event-autumn-jazz_21000094.json", "utf8")) as object).sort());

    expect(await writer.list()).toEqual([added.outcome === "added" && added.asset]);
  });

  it("lists the pulled space's assets with the paths the stories use", async () => {
    cpSync("content/assets", dir, { recursive: true });
    const listed = await writer.list();
    expect(listed).toHaveLength(filesIn(folder).filter((name) => name.endsWith(".json")).length);
    expect(listed.find((asset) => asset.id === 21000094)).toEqual({
      id: 21000094,
      filename: "/a/f/1000001/1200x800/7dcc4b7454/event-autumn-jazz.jpg",
      alt: "Teclado de piano bajo luces ámbar desenfocadas",
      title: "",
      short_filename: "event-autumn-jazz.jpg",
      content_type: "image/jpeg",
      width: 1200,
      height: 800,
    });
    const ids = listed.map((asset) => asset.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const stories = ["stories", "published"].flatMap((top) => readdirSync(join("content", top, String(SPACE))).map((name) => readFileSync(join("content", top, String(SPACE), name), "utf8")));
    const linked = new Set(stories.flatMap((text) => [...text.matchAll(/"filename": "(\/a\/f\/1000001\/[^"]+)"/g)].map((match) => match[1]!)));
    expect(linked.size).toBeGreaterThan(0);
    const paths = new Set(listed.map((asset) => asset.filename));
    expect([...linked].filter((path) => !paths.has(path))).toEqual([]);
  });

  it("gives every new asset an id above every id in the space", async () => {
    cpSync("content/assets", dir, { recursive: true });
    const greatest = Math.max(...(await writer.list()).map((asset) => asset.id));
    const bytes = await photo().png().toBuffer();
    const first = await writer.add({ bytes, originalName: "a.png", alt: "Primera" });
    const second = await writer.add({ bytes, originalName: "a.png", alt: "Segunda" });
    expect([first, second].map((outcome) => outcome.outcome === "added" && outcome.asset.id)).toEqual([greatest + 1, greatest + 2]);
    // The same name twice: two files, told apart by their ids.
    expect(filesIn(folder).filter((name) => name.startsWith("a_"))).toEqual([`a_${greatest + 1}.json`, `a_${greatest + 1}.png`, `a_${greatest + 2}.json`, `a_${greatest + 2}.png`]);

    const concurrent = await Promise.all(["x", "y", "z"].map((name) => writer.add({ bytes, originalName: `${name}.png`, alt: name })));
    expect(new Set(concurrent.map((outcome) => outcome.outcome === "added" && outcome.asset.id)).size).toBe(3);

    const proposing = createAssetWriter({ dir, spaceId: SPACE, newId: (top) => (top > 30_000_000 ? 1 : 30_000_000) });
    expect(await proposing.add({ bytes, originalName: "b.png", alt: "b" })).toMatchObject({ asset: { id: 30_000_000 } });
    // A proposal not above the greatest id is not taken.
    expect(await proposing.add({ bytes, originalName: "c.png", alt: "c" })).toMatchObject({ asset: { id: 30_000_001 } });
  });

  it("takes PNG, WebP, GIF and AVIF by their bytes, named by their kind, sized as shown", async () => {
    const cases = [
      { bytes: await photo(30, 20).png().toBuffer(), ext: "png", type: "image/png" },
      { bytes: await photo(30, 20).webp().toBuffer(), ext: "webp", type: "image/webp" },
      { bytes: await photo(30, 20).gif().toBuffer(), ext: "gif", type: "image/gif" },
      { bytes: await photo(30, 20).avif().toBuffer(), ext: "avif", type: "image/avif" },
    ];
    for (const { bytes, ext, type } of cases) {
      // The name's extension is not trusted: the kind decides.
      const added = await writer.add({ bytes, originalName: `picture-${ext}.jpg`, alt: ext });
      expect(added).toMatchObject({ outcome: "added", asset: { content_type: type, short_filename: `picture-${ext}.${ext}`, width: 30, height: 20 } });
    }
    // A photo turned by its EXIF orientation is as wide as it is shown.
    const turned = await photo(40, 30).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await writer.add({ bytes: turned, originalName: "turned.jpg", alt: "turned" })).toMatchObject({ asset: { width: 30, height: 40, filename: expect.stringMatching(/\/30x40\//) } });
  });

  it("refuses SVG, other kinds, too many bytes or pixels and damaged images, writing nothing", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>');
    const jpeg = await noisyJpeg();
    const refusals = [
      { bytes: svg, originalName: "logo.png", reason: "unsupported-type" },
      { bytes: await photo().tiff().toBuffer(), originalName: "scan.tiff", reason: "unsupported-type" },
      { bytes: Buffer.from("not an image at all"), originalName: "notes.jpg", reason: "unsupported-type" },
      { bytes: new Uint8Array(0), originalName: "empty.jpg", reason: "unsupported-type" },
      { bytes: new Uint8Array(MAX_ASSET_BYTES + 1), originalName: "huge.jpg", reason: "too-large" },
      { bytes: pngBomb(), originalName: "bomb.png", reason: "too-many-pixels" },
      { bytes: jpeg.subarray(0, Math.floor(jpeg.byteLength * 0.6)), originalName: "cut.jpg", reason: "undecodable" },
      { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("garbage after a JPEG signature")]), originalName: "fake.jpg", reason: "undecodable" },
    ];
    for (const { bytes, originalName, reason } of refusals) {
      const outcome = await writer.add({ bytes, originalName, alt: "alt" });
      expect(outcome, originalName).toMatchObject({ outcome: "invalid", reason });
      expect(outcome.outcome === "invalid" && outcome.detail, originalName).toMatch(/\S/);
    }
    expect(filesIn(folder)).toEqual([]);
    expect(await writer.list()).toEqual([]);

    // A limit of its own applies too (the default is the image service's).
    const strict = createAssetWriter({ dir, spaceId: SPACE, maxInputPixels: 100 });
    expect(await strict.add({ bytes: await photo(20, 20).png().toBuffer(), originalName: "small.png", alt: "small" })).toMatchObject({ reason: "too-many-pixels" });
    expect(await strict.add({ bytes: await photo(10, 10).png().toBuffer(), originalName: "tiny.png", alt: "tiny" })).toMatchObject({ outcome: "added" });
  });

  it("leaves no half-written files behind", async () => {
    await writer.add({ bytes: await photo().webp().toBuffer(), originalName: "clean.webp", alt: "clean" });
    expect(filesIn(folder).filter((name) => name.startsWith(".") || name.endsWith(".writing"))).toEqual([]);
  });
});

describe("the name of an uploaded asset", () => {
  it("is a slug of the original name, safe in a path and a URL", () => {
    expect(slugOf("Fotografía Final (2).JPG")).toBe("fotografia-final-2");
    expect(slugOf("Straße_Ñandú  Çà.png")).toBe("strasse-nandu-ca");
    expect(slugOf("../../etc/passwd")).toBe("passwd");
    expect(slugOf("..\\..\\windows\\evil.gif")).toBe("evil");
    expect(slugOf("archive.tar.gz")).toBe("archive-tar");
    expect(slugOf(".hidden")).toBe("hidden");
    expect(slugOf("🎉.png")).toBe("image");
    expect(slugOf("")).toBe("image");
    const long = slugOf(`${"palabra-".repeat(30)}.jpg`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
