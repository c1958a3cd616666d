import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createContentApi, inProcessFetch } from "../../adapters/embedded/embedded-content/api/content-api.routes";
import { loadContentStore } from "../../adapters/embedded/embedded-content/store/content-store.adapter";
import { createStoryblokContent } from "../../adapters/storyblok/storyblok-content.adapter";
import { pageSlugsOfPath, type Logger } from "../../core";
import { checkContent } from "./check-content";

// A tree as `storyblok stories pull` and `components pull` write another space (issue 13, "done
// when"): made by hand from the CLI's source (packages/cli: stories/<space>/{slug}_{uuid}.json,
// components/<space>/components.json as a bare array, no groups/presets/tags files when the space
// has none), with the home story of Storyblok's starter space (a teaser and a grid of features)
// as its CDN answers it, a root story `about`, a folder, a published post with unpublished changes,
// and two stories the store cannot serve: one whose id is text, one with the home page's full slug.
const PULLED = join(import.meta.dirname, "../fixtures/content/cli-pull");

describe("a space pulled with the Storyblok CLI, dropped into content/", () => {
  it("loads as it is: the space is its folder's, and only what cannot be served is left out", () => {
    const store = loadContentStore(PULLED, { spaceId: 1000001 });
    expect(store.spaceId).toBe(287104);
    expect(store.entries.map((story) => story.full_slug)).toEqual(["home", "about", "blog", "blog/first-post"]);
    expect(store.byFullSlug("home")?.id).toBe(456789123);
    // datasources pull: datasources/<space>/datasources.json, each with its entries and their values per dimension.
    expect(store.datasources.map((source) => [source.slug, source.entries?.[0]?.dimension_values])).toEqual([["colors", { es: "rojo" }]]);
  });

  it("fails content:check with one clear message per problem", () => {
    const { problems } = checkContent(PULLED);
    expect(problems).toEqual([
      expect.stringMatching(/oops_6b1f8a3e-2f1c-4c55-9a3d-1b2c3d4e5f90\.json is not a Storyblok story, and is left out: id: Expected/),
      expect.stringMatching(/home-copy_6b1f8a3e-2f1c-4c55-9a3d-1b2c3d4e5f91\.json has the full slug "home" of .*home_6b1f8a3e-2f1c-4c55-9a3d-1b2c3d4e5f60\.json: only the first is served/),
      expect.stringMatching(/first-post_6b1f8a3e-2f1c-4c55-9a3d-1b2c3d4e5f71\.json is published with unpublished changes, but there is no published\/ snapshot of its published version/),
      'story "home" (id 456789123), draft, content.body[0]: component "teaser" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), draft, content.body[1]: component "grid" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), draft, content.body[1].columns[0]: component "feature" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), draft, content.body[1].columns[1]: component "feature" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), draft, content.body[1].columns[2]: component "feature" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), published, content.body[0]: component "teaser" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), published, content.body[1]: component "grid" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), published, content.body[1].columns[0]: component "feature" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), published, content.body[1].columns[1]: component "feature" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "home" (id 456789123), published, content.body[1].columns[2]: component "feature" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "about" (id 456789124), draft, content.body[0]: component "teaser" has no block on this site: visitors see nothing of it, editors a placeholder',
      'story "about" (id 456789124), published, content.body[0]: component "teaser" has no block on this site: visitors see nothing of it, editors a placeholder',
    ]);
  });

  it("renders its pages with unknown blocks in place of the blocks it has no component for, naming each in one warning, nested ones too", async () => {
    const logged: unknown[] = [];
    const logger: Logger = { info: () => {}, warn: (event, fields) => event === "content.unknown-block" && logged.push(fields?.components), error: () => {} };
    const api = createContentApi({ store: loadContentStore(PULLED), publicToken: "t", previewToken: "p", spaceId: 287104 }).ownReads;
    const port = createStoryblokContent({ accessToken: "t", previewToken: "p", endpoint: "http://embedded.content/v2", rateLimit: 1000, contentVersionCheckIntervalMs: 60_000, logger, fetch: inProcessFetch(api) });

    const home = await port.page(pageSlugsOfPath("/")[0]!, { locale: "es", version: "published" });
    expect(home?.content.body).toEqual([
      { component: "unknown", _uid: "0a2c4e6f-2222-4b3c-9d8e-7f6a5b4c3d22", original: "teaser" },
      { component: "unknown", _uid: "0a2c4e6f-3333-4b3c-9d8e-7f6a5b4c3d23", original: "grid" },
    ]);
    expect(logged).toEqual([["teaser", "grid", "feature (in grid)", "feature (in grid)", "feature (in grid)"]]);

    // A story at the root of the space is a page at the root of the site, as Storyblok users expect.
    expect(pageSlugsOfPath("/about/")).toEqual(["pages/about", "about"]);
    const slugs = pageSlugsOfPath("/about/");
    const pages = await Promise.all(slugs.map((slug) => port.page(slug, { locale: "en", version: "published" })));
    expect(pages.map((page) => page?.content.title ?? null)).toEqual([null, "About us"]);

    // The post with unpublished changes and no published snapshot is not shown to visitors; editors see the draft.
    expect(await port.page("blog/first-post", { locale: "es", version: "published" })).toBeNull();
    expect((await port.page("blog/first-post", { locale: "es", version: "draft" }))?.content.title).toBe("First post (edited)");
  });

  it("tries pages/ first and the root of the space second, never giving a page two URLs", () => {
    expect(pageSlugsOfPath("/")).toEqual(["home"]);
    expect(pageSlugsOfPath("/home/")).toEqual(["pages/home"]);
    expect(pageSlugsOfPath("/visit/getting-here/")).toEqual(["pages/visit/getting-here", "visit/getting-here"]);
    expect(pageSlugsOfPath("/pages/about/")).toEqual(["pages/pages/about"]);
  });
});
