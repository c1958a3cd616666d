import { describe, expect, it } from "vitest";
import { createContentMapper } from "../../../../adapters/storyblok/content-mapper";
import type { Logger } from "../../../../core";

function mapper(fallbackForUnknownBlocks = false) {
  const errors: string[] = [];
  const warnings: { event: string; fields: Record<string, unknown> | undefined }[] = [];
  const logger: Logger = { info: () => {}, warn: (event, fields) => warnings.push({ event, fields }), error: (event, fields) => errors.push(`${event}:${String(fields?.component)}`) };
  return { map: createContentMapper({ logger, fallbackForUnknownBlocks }), errors, warnings };
}

const unknownIn = (warnings: ReturnType<typeof mapper>["warnings"]) => warnings.map((warning) => warning.fields?.components);

describe("the content mapper", () => {
  it("decodes blocks, nested grid items and blocks embedded in rich text", () => {
    const { map } = mapper();
    const page = map.page(
      {
        component: "page",
        _uid: "p",
        body: [
          { component: "grid_layout", _uid: "g", columns: "3", items: [{ component: "nope", _uid: "n" }, { component: "text_component", _uid: "t", title: "Hi" }] },
          {
            component: "content_renderer",
            _uid: "cr",
            content: { type: "doc", content: [{ type: "blok", attrs: { body: [{ component: "link_component", _uid: "l", label: "Go", style: "button" }, { component: "widget", _uid: "w" }, "<script>"] } }] },
          },
        ],
      },
      "home",
    );
    expect(page?.body?.[0]).toMatchObject({ component: "grid_layout", columns: 3, items: [{ component: "unknown", original: "nope" }, { component: "text_component" }] });
    const blok = (page?.body?.[1] as unknown as { content: { content: { attrs: { body: unknown[] } }[] } }).content.content[0]!.attrs.body;
    expect(blok).toEqual([
      { component: "link_component", _uid: "l", label: "Go", style: "button" },
      { component: "unknown", _uid: "w", original: "widget" },
      { component: "unknown", _uid: "blok-2", original: "" },
    ]);
  });

  it("turns a block with bad fields into an unknown block", () => {
    const { map } = mapper();
    expect(map.block({ component: "link_component", _uid: "l", style: "blink" }, "home")).toEqual({ component: "unknown", _uid: "l", original: "link_component" });
  });

  it("warns about unregistered blocks unless the fallback is enabled (SPEC §8), once per story and version, not per render (issue 55)", () => {
    const strict = mapper(false);
    for (let render = 0; render < 3; render += 1) strict.map.block({ component: "carousel_3d", _uid: "c" }, "home", "published@1");
    expect(strict.warnings).toEqual([{ event: "content.unknown-block", fields: { story: "home", version: "published@1", components: ["carousel_3d"] } }]);
    strict.map.block({ component: "carousel_3d", _uid: "c" }, "home", "published@2");
    strict.map.block({ component: "carousel_3d", _uid: "c" }, "about", "published@2");
    expect(strict.warnings.map((warning) => [warning.fields?.story, warning.fields?.version])).toEqual([["home", "published@1"], ["home", "published@2"], ["about", "published@2"]]);
    expect(strict.errors).toEqual([]);
    const lenient = mapper(true);
    lenient.map.block({ component: "carousel_3d", _uid: "c" }, "home");
    expect(lenient.warnings).toEqual([]);
  });

  it("keeps a page whose grid has bad fields, with that grid as an unknown block and its siblings intact", () => {
    const { map, errors, warnings } = mapper();
    const page = map.page(
      {
        component: "page",
        _uid: "p",
        title: "Home",
        body: [
          { component: "grid_layout", _uid: "g", columns: "9", items: [{ component: "text_component", _uid: "t" }] },
          { component: "grid_layout", _uid: "h", items: [{ component: "grid_layout", _uid: "i", items: [{ component: "feature", _uid: "f" }] }] },
        ],
      },
      "home",
    );
    expect(page?.title).toBe("Home");
    expect(page?.body?.[0]).toEqual({ component: "unknown", _uid: "g", original: "grid_layout" });
    expect(page?.body?.[1]).toMatchObject({ component: "grid_layout", items: [{ component: "grid_layout", items: [{ component: "unknown", original: "feature" }] }] });
    expect(errors).toEqual(["content.invalid-block:grid_layout"]);
    expect(unknownIn(warnings)).toEqual([["feature"]]);
  });

  it("names every unknown component inside an unknown or broken block, at any depth (issue 13)", () => {
    // Storyblok's starter space: a `grid` of `feature`s, none of which this site knows.
    const { map, warnings } = mapper();
    const grid = map.block({ component: "grid", _uid: "g", columns: [{ component: "feature", _uid: "f1", name: "A" }, { component: "teaser", _uid: "t", inner: { component: "feature", _uid: "f2" } }] }, "home");
    expect(grid).toEqual({ component: "unknown", _uid: "g", original: "grid" });
    expect(unknownIn(warnings)).toEqual([["grid", "feature (in grid)", "teaser (in grid)", "feature (in grid)"]]);

    const broken = mapper();
    broken.map.block({ component: "featured_cards", _uid: "fc", cards: "oops", extra: [{ component: "feature", _uid: "f3" }, { component: "text_component", _uid: "ok" }] }, "home");
    expect(broken.errors).toEqual(["content.invalid-block:featured_cards"]);
    expect(unknownIn(broken.warnings)).toEqual([["feature (in featured_cards)"]]);

    const lenient = mapper(true);
    lenient.map.block({ component: "grid", _uid: "g", columns: [{ component: "feature", _uid: "f1" }] }, "home");
    expect(lenient.warnings).toEqual([]);
  });

  it("refuses a page whose own fields do not decode, and logs it", () => {
    const { map, errors } = mapper();
    expect(map.page({ component: "page", _uid: "p", title: 42, body: [] }, "home")).toBeNull();
    expect(errors).toEqual(["content.invalid-page:undefined"]);
  });
});
