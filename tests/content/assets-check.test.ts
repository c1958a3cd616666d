import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkContent, readAssets } from "./check-content";

// The assets of content/ as `storyblok assets pull --path content` writes them (packages/cli,
// commands/assets: assets/<space>/{name}_{id}.{ext} beside {name}_{id}.json, the Management API's
// asset object), and what content:check says when a story's asset is not there.
const CONTENT_DIR = join(import.meta.dirname, "../../content");
const copies: string[] = [];

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

function copyOfContent(): string {
  const copy = mkdtempSync(join(tmpdir(), "content-assets-"));
  copies.push(copy);
  cpSync(CONTENT_DIR, copy, { recursive: true });
  return copy;
}

describe("the embedded site's assets", () => {
  it("are pairs of a file and its asset object, with the alt text, type and size of the file", () => {
    const { assets, problems } = readAssets(CONTENT_DIR, 1000001);
    expect(problems).toEqual([]);
    expect(assets.length).toBeGreaterThan(50);
    const concert = JSON.parse(readFileSync(join(CONTENT_DIR, "assets/1000001/venue-bowl-concert_21000353.json"), "utf8"));
    expect(concert).toMatchObject({
      id: 21000353,
      filename: "https://a.storyblok.com/f/1000001/800x600/f08a2afe0e/venue-bowl-concert.jpg",
      short_filename: "venue-bowl-concert.jpg",
      space_id: 1000001,
      content_type: "image/jpeg",
      content_length: readFileSync(join(CONTENT_DIR, "assets/1000001/venue-bowl-concert_21000353.jpg")).byteLength,
      alt: expect.stringMatching(/concierto/),
      copyright: "Túria Arena",
      asset_folder_id: null,
      is_private: false,
      meta_data: expect.objectContaining({ alt: expect.any(String) }),
    });
    for (const asset of assets) expect(asset.alt, asset.json).toEqual(expect.stringMatching(/\S/));
  });
});

describe("content:check of a story's assets", () => {
  it("names the story and field of an asset that is missing, moved or without its file, and a file without its asset object", () => {
    const dir = copyOfContent();
    const assets = join(dir, "assets/1000001");
    rmSync(join(assets, "venue-bowl-concert_21000353.json"));
    rmSync(join(assets, "venue-stage_21000381.jpg"));
    const moved = join(assets, "venue-seats_21000360.json");
    writeFileSync(moved, JSON.stringify({ ...JSON.parse(readFileSync(moved, "utf8")), filename: "https://a.storyblok.com/f/1000001/800x600/0000000000/venue-seats.jpg" }));
    const resized = join(assets, "venue-court_21000374.json");
    writeFileSync(resized, JSON.stringify({ ...JSON.parse(readFileSync(resized, "utf8")), content_length: 1 }));
    const { problems } = checkContent(dir);
    expect(problems).toContainEqual(expect.stringMatching(/venue-bowl-concert_21000353\.jpg has no asset object beside it/));
    expect(problems).toContainEqual(expect.stringMatching(/^story ".+" \(id \d+\), (draft|published), content\..+: asset 21000353 \(\/a\/f\/1000001\/800x600\/f08a2afe0e\/venue-bowl-concert\.jpg\) is not in assets\/1000001\//));
    expect(problems).toContainEqual(expect.stringMatching(/venue-stage_21000381\.json has no file beside it/));
    expect(problems).toContainEqual(expect.stringMatching(/: asset 21000381 has no file beside .*venue-stage_21000381\.json/));
    expect(problems).toContainEqual(expect.stringMatching(/: the filename \/a\/f\/1000001\/800x600\/1b694e13d3\/venue-seats\.jpg is not asset 21000360's/));
    expect(problems).toContainEqual(expect.stringMatching(/venue-court_21000374\.json: content_length 1 is not the size of venue-court_21000374\.jpg/));
  });
});
