import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, utimes } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import sharp, { type Metadata } from "sharp";
import { ASSET_FILE_TYPES, intrinsicSize } from "../../../../core";
import { assetUrlPath, DEFAULT_MAX_INPUT_PIXELS } from "./asset-files";
import { syncDirectory, WRITING_SUFFIX, writeFileDurably } from "../../durable-file";

/** The largest image an editor may upload. */
export const MAX_ASSET_BYTES = 10 * 1024 * 1024;

/** The kinds of image an editor may upload, by what sharp reads in them. No SVG: it can carry script. */
const KINDS = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
  gif: { ext: "gif", contentType: "image/gif" },
  avif: { ext: "avif", contentType: "image/avif" },
} as const;
type Kind = keyof typeof KINDS;


/** An asset as the editor's list shows it: `filename` is its path on the site, as stories hold it. */
export interface AssetSummary {
  readonly id: number;
  /** `/a/f/{space}/{w}x{h}/{hash}/{name}.{ext}` */
  readonly filename: string;
  readonly alt: string;
  readonly title: string;
  readonly short_filename: string;
  readonly content_type: string;
  readonly width: number | null;
  readonly height: number | null;
}

export type AssetRefusal =
  /** More bytes than MAX_ASSET_BYTES. */
  | "too-large"
  /** None of JPEG, PNG, WebP, GIF or AVIF, by its bytes (whatever its name says). */
  | "unsupported-type"
  /** More pixels than the image service decodes (a decompression bomb, or just too big). */
  | "too-many-pixels"
  /** One of the kinds, but damaged or truncated. */
  | "undecodable";

export type AssetAddOutcome =
  | { readonly outcome: "added"; readonly asset: AssetSummary }
  /** Nothing was written; `detail` says why, for developers. */
  | { readonly outcome: "invalid"; readonly reason: AssetRefusal; readonly detail: string };

export interface AssetUploadInput {
  readonly bytes: Uint8Array;
  /** The name the file had on the editor's computer: only a slug of it is kept. */
  readonly originalName: string;
  readonly alt: string;
  readonly title?: string;
}

export interface AssetWriter {
  /** The space's assets, newest first. */
  list(): Promise<AssetSummary[]>;
  add(input: AssetUploadInput): Promise<AssetAddOutcome>;
}

export interface AssetWriterOptions {
  /** The assets folder (content/assets): the space's assets are in `<spaceId>/`. */
  readonly dir: string;
  readonly spaceId: number;
  readonly now?: () => number;
  /** The id of a new asset given the greatest one in the space; anything not above it gives greatest + 1. */
  readonly newId?: (greatest: number) => number;
  /** Pixels an image may have; default the image service's own limit, so that it can serve every upload. */
  readonly maxInputPixels?: number;
}

/** The asset object as `storyblok assets pull` writes it (the Management API's). */
interface AssetJson {
  readonly id?: unknown;
  readonly filename?: unknown;
  readonly alt?: unknown;
  readonly title?: unknown;
  readonly short_filename?: unknown;
  readonly content_type?: unknown;
}

/**
 * Lists and adds the embedded space's images in the Storyblok CLI layout the image service reads:
 * `<assets>/<space>/{name}_{id}.{ext}` beside `{name}_{id}.json`, whose `filename`
 * (`https://a.storyblok.com/f/{space}/{w}x{h}/{hash}/{name}.{ext}`, the hash from the content)
 * gives the image its path on the site, `/a/f/…`. An upload is taken only when sharp reads it
 * whole as one of the accepted kinds, within the image service's pixel limit. The image is written
 * first and its JSON last, each whole (writeFileDurably), so the service never indexes an asset
 * object without its file. Adds run one at a time (one decode at a time too), each id above every
 * id in the folder.
 */
export function createAssetWriter(options: AssetWriterOptions): AssetWriter {
  const now = options.now ?? Date.now;
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const folder = join(options.dir, String(options.spaceId));
  let queue: Promise<unknown> = Promise.resolve();

  const names = async (): Promise<string[]> =>
    (await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [] as string[];
      throw error;
    })).filter((name) => !name.startsWith(".") && !name.endsWith(WRITING_SUFFIX));

  async function list(): Promise<AssetSummary[]> {
    const present = await names();
    // As the CLI pairs them: the file `{name}_{id}.{ext}` and its asset object `{name}_{id}.json`.
    const fileOf = new Map(present.filter((name) => ASSET_FILE_TYPES[extname(name).toLowerCase()]).map((name) => [basename(name, extname(name)), name]));
    const assets: AssetSummary[] = [];
    for (const name of present) {
      const file = extname(name) === ".json" ? fileOf.get(basename(name, ".json")) : undefined;
      if (!file) continue;
      const text = await readFile(join(folder, name), "utf8").catch(() => undefined);
      const asset = text === undefined ? undefined : summaryOf(text, ASSET_FILE_TYPES[extname(file).toLowerCase()]!);
      if (asset) assets.push(asset);
    }
    return assets.sort((a, b) => b.id - a.id);
  }

  /** The greatest id in the folder, from the asset objects and the names alike (an image left without its JSON counts too). */
  async function greatestId(): Promise<number> {
    let greatest = 0;
    for (const name of await names()) {
      const fromName = /_(\d+)\.[^.]+$/.exec(name)?.[1];
      if (fromName) greatest = Math.max(greatest, Number(fromName));
      if (extname(name) !== ".json") continue;
      const id = await readFile(join(folder, name), "utf8").then(idIn, () => undefined);
      if (id !== undefined) greatest = Math.max(greatest, id);
    }
    return greatest;
  }

  async function write(input: AssetUploadInput, image: CheckedImage): Promise<AssetSummary> {
    await mkdir(folder, { recursive: true });
    const greatest = await greatestId();
    const proposed = options.newId?.(greatest);
    const id = proposed !== undefined && Number.isSafeInteger(proposed) && proposed > greatest ? proposed : greatest + 1;
    const { ext, contentType } = KINDS[image.kind];
    const name = slugOf(input.originalName);
    const hash = createHash("sha256").update(input.bytes).digest("hex").slice(0, 10);
    const urlPath = `f/${options.spaceId}/${image.width}x${image.height}/${hash}/${name}.${ext}`;
    const stamp = new Date(now()).toISOString();
    const alt = input.alt.trim();
    const title = input.title?.trim() ?? "";
    const json = {
      id,
      filename: `https://a.storyblok.com/${urlPath}`,
      space_id: options.spaceId,
      created_at: stamp,
      updated_at: stamp,
      file: null,
      asset_folder_id: null,
      deleted_at: null,
      short_filename: `${name}.${ext}`,
      content_type: contentType,
      content_length: input.bytes.byteLength,
      alt,
      title,
      copyright: "",
      source: "",
      expire_at: null,
      focus: null,
      internal_tag_ids: [],
      internal_tags_list: [],
      locked: false,
      publish_at: null,
      is_private: false,
      meta_data: { alt, title, copyright: "", source: "" },
    };
    // The image first (its name made durable too), the asset object that points at it last: even
    // after a crash, no JSON is there without its file.
    await writeFileDurably(join(folder, `${name}_${id}.${ext}`), input.bytes, 0o644);
    await syncDirectory(folder);
    await writeFileDurably(join(folder, `${name}_${id}.json`), new TextEncoder().encode(`${JSON.stringify(json, null, 2)}\n`), 0o644);
    await syncDirectory(folder);
    await markFolderChanged(folder);
    return { id, filename: `/a/${urlPath}`, alt, title, short_filename: json.short_filename, content_type: contentType, width: image.width, height: image.height };
  }

  return {
    list,
    add(input) {
      const run = async (): Promise<AssetAddOutcome> => {
        const checked = await checkImage(input.bytes, maxInputPixels);
        if (!checked.ok) return { outcome: "invalid", reason: checked.reason, detail: checked.detail };
        return { outcome: "added", asset: await write(input, checked.image) };
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

function idIn(text: string): number | undefined {
  try {
    const id = (JSON.parse(text) as AssetJson | null)?.id;
    return typeof id === "number" && Number.isSafeInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

function summaryOf(text: string, typeOfFile: string): AssetSummary | undefined {
  let json: AssetJson | null;
  try {
    json = JSON.parse(text) as AssetJson | null;
  } catch {
    return undefined;
  }
  const path = assetUrlPath(text);
  if (!json || typeof json.id !== "number" || !path) return undefined;
  const filename = `/a/${path}`;
  const size = intrinsicSize(filename);
  const textOf = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    id: json.id,
    filename,
    alt: textOf(json.alt),
    title: textOf(json.title),
    short_filename: textOf(json.short_filename) || (path.split("/").pop() ?? ""),
    content_type: textOf(json.content_type) || typeOfFile,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

interface CheckedImage {
  readonly kind: Kind;
  /** As shown (EXIF orientation applied), as the image service serves it. */
  readonly width: number;
  readonly height: number;
}

type ImageCheck = { readonly ok: true; readonly image: CheckedImage } | { readonly ok: false; readonly reason: AssetRefusal; readonly detail: string };

/** Whether the bytes are a whole, decodable image of an accepted kind within the pixel limit. */
async function checkImage(bytes: Uint8Array, maxInputPixels: number): Promise<ImageCheck> {
  if (bytes.byteLength > MAX_ASSET_BYTES) return { ok: false, reason: "too-large", detail: `the file has ${bytes.byteLength} bytes, more than ${MAX_ASSET_BYTES}` };
  const sniffed = sniffKind(bytes);
  if (!sniffed) return { ok: false, reason: "unsupported-type", detail: "not a JPEG, PNG, WebP, GIF or AVIF image" };
  let metadata: Metadata;
  try {
    // The header only: nothing is decoded yet, so a bomb costs nothing here.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    return { ok: false, reason: "undecodable", detail: firstLine(cause) };
  }
  const kind = kindOf(metadata);
  if (kind !== sniffed) return { ok: false, reason: "unsupported-type", detail: `the bytes start as ${sniffed} but read as ${metadata.format}` };
  if (metadata.width * metadata.height > maxInputPixels) {
    return { ok: false, reason: "too-many-pixels", detail: `the image has ${metadata.width}×${metadata.height} pixels, more than ${maxInputPixels}` };
  }
  try {
    // Decoded whole (and dropped as it goes): a truncated or damaged image is refused now, not when first served.
    await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: "error" }).stats();
  } catch (cause) {
    return { ok: false, reason: "undecodable", detail: firstLine(cause) };
  }
  return { ok: true, image: { kind, width: metadata.autoOrient.width, height: metadata.autoOrient.height } };
}

function kindOf(metadata: Metadata): Kind | undefined {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : undefined;
  const format = metadata.format;
  return format === "jpeg" || format === "png" || format === "webp" || format === "gif" ? format : undefined;
}

/** The accepted kind the bytes start as, by their signature. */
function sniffKind(bytes: Uint8Array): Kind | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") {
    // The major brand, then the compatible brands, to the end of the ftyp box.
    const boxEnd = Math.min(bytes.byteLength, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return undefined;
}

const TRANSLITERATED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * A name safe in a file name and a URL, from what the editor's file was called: its extension
 * dropped, accents and case folded, anything else but letters and digits a hyphen; "image" when
 * nothing is left.
 */
export function slugOf(originalName: string): string {
  const base = originalName.split(/[/\\]/).pop() ?? "";
  const stem = base.includes(".") && !base.startsWith(".") ? base.slice(0, base.lastIndexOf(".")) : base;
  const slug = stem
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => TRANSLITERATED[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "image";
}

function firstLine(cause: unknown): string {
  return (cause instanceof Error ? cause.message : String(cause)).split("\n")[0] ?? "";
}

/**
 * The image service reads its index again when a folder's modification time changes. Two renames
 * within one tick of the file system's clock leave the same time, so an index read between them
 * (the image there, its JSON not yet) would stay as it was: the time is moved on once more.
 */
async function markFolderChanged(folder: string): Promise<void> {
  try {
    const { atime, mtime } = await stat(folder);
    await utimes(folder, atime, new Date(mtime.getTime() + 1));
  } catch {
    // Not the folder's owner: the next change in the folder refreshes the index.
  }
}
