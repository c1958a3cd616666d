import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LISTED_FOLDERS, SITE_KEY, listingKey, pageSurrogateKeys, publishedSurrogateKeys, storyKey } from "../../../../../core";

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}(\/[a-z0-9][a-z0-9-]{0,20}){0,2}$/);

describe("surrogate keys", () => {
  it("names a page by the site, its stories and the folders its listings show, each once", () => {
    expect(pageSurrogateKeys({ stories: ["home", "home"], listings: ["events", "sponsors"] })).toBe("site story:home listing:events listing:sponsors");
    expect(pageSurrogateKeys({ stories: ["events/lua-serrano", "events/nit-de-foc"], listings: [] })).toBe("site story:events/lua-serrano story:events/nit-de-foc");
  });

  it("makes one header token of any slug", () => {
    expect(storyKey("/pages/a b/")).toBe("story:pages/a_b");
    fc.assert(fc.property(fc.string(), (anything) => !/\s/.test(storyKey(anything))));
  });

  it("purges a story's pages and its folder's listings; the global config and an unknown story purge every page", () => {
    expect(publishedSurrogateKeys("events/lua-serrano")).toEqual(["story:events/lua-serrano", "listing:events"]);
    expect(publishedSurrogateKeys("restaurants/la-terrassa")).toEqual(["story:restaurants/la-terrassa", "listing:restaurants"]);
    expect(publishedSurrogateKeys("jobs/usher")).toEqual(["story:jobs/usher", "listing:jobs"]);
    expect(publishedSurrogateKeys("pages/visit/getting-here")).toEqual(["story:pages/visit/getting-here"]);
    expect(publishedSurrogateKeys("config/global")).toEqual([SITE_KEY]);
    expect(publishedSurrogateKeys(undefined)).toEqual([SITE_KEY]);
    expect(publishedSurrogateKeys("")).toEqual([SITE_KEY]);
  });

  it("purges every page built from the published story, whatever else it shows", () => {
    const folder = fc.constantFrom(...LISTED_FOLDERS);
    fc.assert(
      fc.property(slug, fc.array(slug), fc.array(folder), (published, others, listings) => {
        const page = pageSurrogateKeys({ stories: [published, ...others], listings }).split(" ");
        return publishedSurrogateKeys(published).some((key) => page.includes(key));
      }),
    );
    // A listing page shows every story of its folder, even one it was not built from yet (a new event).
    fc.assert(
      fc.property(folder, slug, (listed, name) => {
        const listing = pageSurrogateKeys({ stories: ["pages/listing"], listings: [listed] }).split(" ");
        return publishedSurrogateKeys(`${listed}/${name}`).includes(listingKey(listed)) && listing.includes(listingKey(listed));
      }),
    );
  });
});
