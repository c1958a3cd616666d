import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VENUE, venueMapUrl, type BlockContent } from "../../core";
import { checkContent } from "./check-content";

const CONTENT_DIR = process.env.CONTENT_DIR ?? join(import.meta.dirname, "../../content");

/** Every OpenStreetMap frame in the stories' content, whatever block holds it. */
function osmFrames(content: unknown): string[] {
  if (Array.isArray(content)) return content.flatMap(osmFrames);
  if (content === null || typeof content !== "object") return [];
  const block = content as Record<string, unknown>;
  const own = block.component === "iframe" && typeof block.url === "string" && block.url.startsWith("https://www.openstreetmap.org/export/embed.html") ? [block.url] : [];
  return [...own, ...Object.values(block).flatMap(osmFrames)];
}

describe("the venue's maps", () => {
  const { store } = checkContent(CONTENT_DIR, process.env.CONTENT_SPACE_ID ? { spaceId: Number(process.env.CONTENT_SPACE_ID) } : {});
  const frames = store.entries.flatMap((story) => (story.is_folder ? [] : osmFrames(store.contentOf(story, "published") as BlockContent | undefined)));

  it("frame the venue at the point the 'Map' links open, with its marker (issue 49: the contact map was off it, without one)", () => {
    const linked = new URL(venueMapUrl()).searchParams;
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) {
      const query = new URL(frame).searchParams;
      const [west, south, east, north] = (query.get("bbox") ?? "").split(",").map(Number);
      expect(((west! + east!) / 2).toFixed(4), frame).toBe(VENUE.longitude.toFixed(4));
      expect(((south! + north!) / 2).toFixed(4), frame).toBe(VENUE.latitude.toFixed(4));
      expect(query.get("marker"), frame).toBe(`${linked.get("mlat")},${linked.get("mlon")}`);
    }
  });
});
