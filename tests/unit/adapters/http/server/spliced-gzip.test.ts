import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splicedGzip } from "../../../../../adapters/http/server/spliced-gzip";

describe("spliced gzip", () => {
  it("decompresses to the parts with the inserts between them", () => {
    const body = splicedGzip(["<html><script", ">x</script><p", ">ü</p></html>"]);
    const { gzip, text } = body.render([' nonce="abc"', ' nonce="abc"']);
    const expected = '<html><script nonce="abc">x</script><p nonce="abc">ü</p></html>';
    expect(text.toString("utf8")).toBe(expected);
    expect(gunzipSync(gzip).toString("utf8")).toBe(expected);
  });

  it("is a valid gzip stream for any parts and inserts", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 6 }), fc.string(), (parts, insert) => {
        const { gzip } = splicedGzip(parts).render(parts.slice(1).map(() => insert));
        expect(gunzipSync(gzip).toString("utf8")).toBe(parts.join(insert));
      }),
    );
  });

  it("refuses the wrong number of inserts", () => {
    expect(() => splicedGzip(["a", "b"]).render([])).toThrow();
  });
});
