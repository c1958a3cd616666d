import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A gzip body built from pieces compressed ahead of time plus small pieces that change per
 * response (a CSP nonce). DEFLATE lets independently compressed pieces follow one another when
 * each ends with a sync flush (byte-aligned, not final); the gzip trailer's CRC-32 and length are
 * computed over the whole text per response, which is cheap next to compressing it again.
 */
export interface SplicedGzip {
  /** The whole body with `inserts` between the fixed parts (inserts.length === parts - 1). */
  render(inserts: readonly string[]): { gzip: Buffer; text: Buffer };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const FINAL_EMPTY_BLOCK = deflateRawSync(Buffer.alloc(0));

const flushed = (data: Buffer, level: number) => deflateRawSync(data, { level, finishFlush: constants.Z_SYNC_FLUSH });

export function splicedGzip(parts: readonly string[]): SplicedGzip {
  const raw = parts.map((part) => Buffer.from(part, "utf8"));
  const compressed = raw.map((part) => flushed(part, 9));
  return {
    render(inserts) {
      if (inserts.length !== raw.length - 1) throw new Error(`expected ${raw.length - 1} inserts, got ${inserts.length}`);
      const insertsRaw = inserts.map((insert) => Buffer.from(insert, "utf8"));
      const insertsCompressed = new Map<string, Buffer>();
      const deflate: Buffer[] = [];
      const text: Buffer[] = [];
      raw.forEach((part, index) => {
        deflate.push(compressed[index]!);
        text.push(part);
        const insert = inserts[index];
        if (insert === undefined) return;
        let piece = insertsCompressed.get(insert);
        if (!piece) {
          piece = flushed(insertsRaw[index]!, 1);
          insertsCompressed.set(insert, piece);
        }
        deflate.push(piece);
        text.push(insertsRaw[index]!);
      });
      const body = Buffer.concat(text);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32(body) >>> 0, 0);
      trailer.writeUInt32LE(body.length % 2 ** 32, 4);
      return { gzip: Buffer.concat([GZIP_HEADER, ...deflate, FINAL_EMPTY_BLOCK, trailer]), text: body };
    },
  };
}
