import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentPort, ContentQuery, LocaleCode } from "../../core";

/*
 * One contract suite per port (STYLE habit 4). This file is the template for the next ports:
 *
 * - `tests/contracts/<port>.contract.ts` exports `<port>Contract(name, makeFixture, options)`: what
 *   the port promises (core/ports/<port>.port.ts), checked through the port only, with nothing
 *   known of any adapter.
 * - Each adapter has one small runner, `tests/contracts/<adapter>.contract.test.ts`, that builds
 *   the adapter over a fresh backend in `makeFixture` and calls the suite. Runners that need a
 *   real service are named `*.contract.integration.test.ts`: they fail loudly when their service
 *   should be there and is not, and where it cannot exist on the machine they pass
 *   `{ skip: reason }`, which prints the reason instead of skipping silently.
 * - Data is seeded through what the adapter itself reads — here the content folder
 *   CONTENT_CONTRACT_FIXTURES (the Storyblok CLI's layout), which a runner loads into its backend
 *   — or through the port's own writes for ports that have them; never with raw writes behind
 *   the port's back. What the port cannot do itself (here: an editor publishing) the fixture offers.
 * - Adapter-specific behaviour (retries, batching, rate limits, error mapping) stays in the
 *   adapter's own test file, so that nothing is tested twice.
 */

/** The stories every content runner serves: pages, events, restaurants, sponsors, job offers and the global settings. */
export const CONTENT_CONTRACT_FIXTURES = join(import.meta.dirname, "../fixtures/content/contract");

export interface ContentFixture {
  readonly port: ContentPort;
  /**
   * An editor publishes the story at `fullSlug` with `changes` merged into its content (default
   * language fields): its published content and the space's content version move on.
   */
  publish(fullSlug: string, changes: Readonly<Record<string, unknown>>): Promise<void>;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here (its service cannot exist on this machine); printed, and the suite is skipped. */
  readonly skip?: string;
}

const published = (locale: LocaleCode): ContentQuery => ({ locale, version: "published" });
const draft = (locale: LocaleCode): ContentQuery => ({ locale, version: "draft" });
const sorted = (values: readonly (string | undefined)[]) => [...values].sort();

export function contentContract(name: string, makeFixture: () => Promise<ContentFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the content port's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the content port's contract`, () => {
    let fixture: ContentFixture;
    let port: ContentPort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    describe("pages", () => {
      it("finds a page by its full slug, in each locale", async () => {
        const titles = await Promise.all((["es", "en", "val"] as const).map(async (locale) => (await port.page("home", published(locale)))?.content.title));
        expect(titles).toEqual(["Inicio", "Home", "Inici"]);
      });

      it("describes the story: slugs, uuid, publication and its name in each locale", async () => {
        const about = await port.page("pages/about-us", published("en"));
        expect(about?.meta).toEqual({
          uuid: "c0a7ac70-0000-4000-8000-000000000011",
          slug: "about-us",
          fullSlug: "pages/about-us",
          name: "Sobre nosotros",
          publishedAt: expect.any(String),
          translatedNames: { es: "Sobre nosotros", en: "About us", val: "Sobre nosaltres" },
        });
        expect(Number.isNaN(Date.parse(about?.meta.publishedAt ?? ""))).toBe(false);
      });

      it("decodes known blocks and turns blocks this site does not know into unknown blocks", async () => {
        const home = await port.page("home", published("en"));
        expect(home?.content.body?.map((block) => block.component)).toEqual(["text_component", "unknown"]);
        expect(home?.content.body?.[0]).toMatchObject({ component: "text_component", _uid: "home-1", title: "Welcome" });
      });

      it("says whether a page is hidden from search engines", async () => {
        expect((await port.page("pages/style-guide", published("en")))?.content.no_index).toBe(true);
        expect((await port.page("pages/about-us", published("en")))?.content.no_index).toBeUndefined();
      });

      it("shows visitors the published version and editors the draft", async () => {
        expect((await port.page("pages/about-us", published("es")))?.content.title).toBe("Sobre nosotros");
        expect((await port.page("pages/about-us", draft("es")))?.content.title).toBe("Sobre nosotros (borrador)");
        expect((await port.page("pages/about-us", draft("en")))?.content.title).toBe("About us (draft)");
      });

      it("answers null for a missing story, a folder, and a story that is not a page", async () => {
        expect(await port.page("nowhere", published("es"))).toBeNull();
        expect(await port.page("nowhere", draft("es"))).toBeNull();
        expect(await port.page("pages", published("es"))).toBeNull();
        expect(await port.page("events/concierto-a", published("es"))).toBeNull();
      });
    });

    describe("events", () => {
      it("lists every published event, soonest first, past ones included", async () => {
        const events = await port.events(published("es"));
        expect(events.map((event) => event.meta.fullSlug)).toEqual(["events/partido-b", "events/concierto-a", "events/festival-c"]);
        expect(events.map((event) => event.content.title)).toEqual(["Partido B", "Concierto A", "Festival C"]);
        expect((await port.events(published("val"))).map((event) => event.content.title)).toEqual(["Partit B", "Concert A", "Festival C"]);
      });

      it("lists unpublished events for editors only", async () => {
        expect((await port.events(draft("en"))).map((event) => event.content.title)).toEqual(["Match B", "Draft D", "Concert A", "Festival C"]);
        expect(await port.event("borrador-d", published("es"))).toBeNull();
        expect((await port.event("borrador-d", draft("es")))?.content.title).toBe("Borrador D");
      });

      it("finds an event by its slug with its related events, decoded in the same locale", async () => {
        const event = await port.event("concierto-a", published("en"));
        expect(event?.meta.fullSlug).toBe("events/concierto-a");
        expect(event?.content).toMatchObject({ component: "event", title: "Concert A", date_from: "2030-05-01T20:00:00+02:00" });
        // The unpublished one it relates to is not shown to visitors.
        expect(sorted(event?.related.map((related) => related.content.title) ?? [])).toEqual(["Festival C", "Match B"]);
        expect(sorted(event?.related.map((related) => related.meta.fullSlug) ?? [])).toEqual(["events/festival-c", "events/partido-b"]);
      });

      it("answers an event without relations with none, and a missing event with null", async () => {
        expect((await port.event("festival-c", published("es")))?.related).toEqual([]);
        expect(await port.event("nowhere", published("es"))).toBeNull();
      });
    });

    describe("listings and settings", () => {
      it("lists the restaurants, sponsors and job offers, in the locale asked for", async () => {
        expect(sorted((await port.restaurants(published("val"))).map((item) => item.content.name))).toEqual(["Brasa", "Orxateria"]);
        expect(sorted((await port.restaurants(published("en"))).map((item) => item.content.cuisine))).toEqual(["Grill", "Sweets"]);
        expect(sorted((await port.sponsors(published("en"))).map((item) => item.content.name))).toEqual(["Telecom", "Túria Foundation"]);
        expect(sorted((await port.jobOffers(published("es"))).map((item) => item.content.title))).toEqual(["Camarero", "Técnico de sonido"]);
        expect(sorted((await port.jobOffers(published("en"))).map((item) => item.meta.fullSlug))).toEqual(["jobs/camarero", "jobs/tecnico-de-sonido"]);
      });

      it("reads the global settings in each locale", async () => {
        const labels = await Promise.all((["es", "en", "val"] as const).map(async (locale) => (await port.globalConfig(published(locale)))?.main_navigation?.[0]?.label));
        expect(labels).toEqual(["Eventos", "Events", "Esdeveniments"]);
        expect((await port.globalConfig(published("es")))?.address).toBe("Avinguda del Túria 1, València");
      });

      it("serves a page whose blocks are all unknown (Storyblok's starter teaser and grid) with those blocks as unknown ones: the site decides it is a 404", async () => {
        const page = await port.page("pages/starter", published("en"));
        expect(page?.content.body).toEqual([
          { component: "unknown", _uid: "starter-1", original: "teaser" },
          { component: "unknown", _uid: "starter-2", original: "grid" },
        ]);
      });

      it("lists every published page and event for the sitemap, and nothing else: a page hidden from search engines is left out, and so is one with no block this site knows (issue 55)", async () => {
        const entries = await port.sitemap();
        expect(sorted(entries.map((entry) => entry.fullSlug))).toEqual(
          sorted(["home", "pages/about-us", "events/partido-b", "events/concierto-a", "events/festival-c"]),
        );
        expect(entries.find((entry) => entry.fullSlug === "home")?.translatedNames).toEqual({ es: "Inicio", en: "Home", val: "Inici" });
      });
    });

    describe("content typed in the editor", () => {
      it("decodes a page like stored content, unknown blocks included", () => {
        const page = port.decodePage({
          component: "page",
          _uid: "p",
          title: "Borrador",
          body: [
            { component: "text_component", _uid: "t", title: "Hola" },
            { component: "carousel_3d", _uid: "c" },
          ],
        });
        expect(page?.title).toBe("Borrador");
        expect(page?.body?.map((block) => block.component)).toEqual(["text_component", "unknown"]);
      });

      it("answers null for content that is not a page", () => {
        expect(port.decodePage({ component: "page", _uid: "p", title: 7 })).toBeNull();
        expect(port.decodePage({ component: "event", _uid: "e", date_from: "2030-01-01" })).toBeNull();
        expect(port.decodePage("not even an object")).toBeNull();
        expect(port.decodePage(undefined)).toBeNull();
      });
    });

    describe("content versions", () => {
      it("keeps one cache version while nothing is published", async () => {
        const cv = await port.cacheVersion();
        expect(Number.isInteger(cv) && cv > 0).toBe(true);
        await port.page("home", published("es"));
        expect(await port.cacheVersion()).toBe(cv);
      });

      it("serves what an editor publishes once purged, under a new cache version", async () => {
        const own = await makeFixture();
        try {
          const before = await own.port.cacheVersion();
          expect((await own.port.page("home", published("es")))?.content.title).toBe("Inicio");
          await own.publish("home", { title: "Bienvenidos" });
          own.port.purge();
          expect(await own.port.cacheVersion()).not.toBe(before);
          expect((await own.port.page("home", published("es")))?.content.title).toBe("Bienvenidos");
          expect((await own.port.page("home", published("en")))?.content.title).toBe("Home");
        } finally {
          await own.close();
        }
      });
    });
  });
}
