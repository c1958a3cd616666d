import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { BLOCK_COMPONENTS } from "../../core";
import { BROWSER_USER_AGENT, expectAccessible, newPage, sharedBrowser, waitForHydrated, waitForHydration } from "./support/browser";

const baseUrl = inject("baseUrl");
const previewToken = inject("previewToken");
const get = (path: string) => fetch(`${baseUrl}${path}`, { headers: { "User-Agent": BROWSER_USER_AGENT } });
const browser = sharedBrowser();

/** Per block module, the chunks the browser loads for it (the build's note, scripts/vite-plugins/block-chunks.ts). */
const blockChunks = () => JSON.parse(readFileSync("dist/block-chunks.json", "utf8")) as Record<string, string[]>;
const preloadsOf = (html: string) => new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!));

const CONTENT_PAGES = ["/", "/events/", "/restaurants/", "/hospitality/", "/sponsors/", "/jobs/", "/contact/", "/faq/", "/privacy-policy/", "/cookie-policy/", "/legal-notice/", "/event/lua-serrano-marea-alta/"];

describe("pages built from CMS content", () => {
  it("renders every block type on the all-blocks page, their code asked for in its HTML", async () => {
    const page = await newPage(browser());
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    const response = await page.goto(`${baseUrl}/en/all-blocks/`);
    expect(response?.status()).toBe(200);
    const rendered = new Set(await page.$$eval("[data-block]", (elements) => elements.map((element) => element.getAttribute("data-block"))));
    for (const component of BLOCK_COMPONENTS) expect(rendered, component).toContain(component);
    await waitForHydration(page);
    // No block's code is found one round trip late: every chunk a block needs was in the HTML.
    const preloaded = preloadsOf(await response!.text());
    const everyBlockChunk = new Set(Object.values(blockChunks()).flat());
    const blockScripts = scripts.filter((path) => everyBlockChunk.has(path));
    expect(blockScripts.length).toBeGreaterThan(5);
    for (const path of blockScripts) expect(preloaded, path).toContain(path);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/all-blocks.png", fullPage: true });
    await page.close();
  });

  it("keeps a page its editor hid from search engines out of their index and of the sitemap, and open to visitors", async () => {
    const html = await (await fetch(`${baseUrl}/val/all-blocks/`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("/all-blocks/");
    expect(sitemap).toContain(`<loc>${baseUrl}/val/faq/</loc>`);
    // A page left as it was is indexed.
    expect(await (await fetch(`${baseUrl}/val/faq/`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text()).not.toContain('name="robots"');
  });

  for (const locale of ["es", "en", "val"] as const) {
    it(`passes axe on every content page in ${locale}`, async () => {
      const page = await newPage(browser(), { width: 390 });
      for (const path of CONTENT_PAGES) {
        const response = await page.goto(`${baseUrl}/${locale}${path}`);
        expect(response?.status(), path).toBe(200);
        expect((await page.title()).length, path).toBeGreaterThan(3);
        expect(await page.getAttribute('meta[name="description"]', "content"), path).toBeTruthy();
        await expectAccessible(page);
      }
      await page.close();
    });
  }

  it("loads only the blocks a page shows", async () => {
    const chunks = blockChunks();
    const page = await newPage(browser(), { width: 390 });
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    // The legal notice is one rich text: its block's code comes with the page, a listing's does not.
    const response = await page.goto(`${baseUrl}/es/legal-notice/`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const preloaded = preloadsOf(await response!.text());
    for (const path of chunks.ContentRenderer!) expect(preloaded, path).toContain(path);
    const eventsBlock = chunks.Events![0]!;
    expect(chunks.ContentRenderer).not.toContain(eventsBlock);
    expect(preloaded).not.toContain(eventsBlock);
    expect(scripts).not.toContain(eventsBlock);
    // The newsletter form at its foot works once its code has arrived after hydration.
    await waitForHydrated(page.locator("#newsletter-form"));
    const email = page.locator("#newsletter-form input[type=email]");
    await email.fill("not-an-email");
    await email.blur();
    await expect.poll(() => page.locator("#newsletter-form").innerText()).toContain("Por favor, introduce un correo electrónico válido");
    await page.close();
  });

  it("keeps the events listing's category and page in the URL", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/en/events/`);
    const sport = page.locator("main").getByRole("link", { name: "Sport", exact: true });
    await sport.click();
    await page.waitForURL(/category=sport/);
    const categories = await page.$$eval("[data-availability]", (cards) => cards.map((card) => card.querySelector("p")?.textContent ?? ""));
    expect(categories.length).toBeGreaterThan(0);
    await expect(page.locator("main").textContent()).resolves.toContain("Túria Bàsquet");
    await page.goto(`${baseUrl}/en/events/?page=2`);
    await expect(page.getByRole("navigation", { name: "Pages" }).locator('[aria-current="page"]').textContent()).resolves.toContain("2");
    // On a phone the categories scroll sideways: the chosen one leads them, right after "See all", in view.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseUrl}/val/events/?category=festival`);
    const chips = page.getByRole("navigation", { name: "Filtra els esdeveniments per categoria" }).getByRole("link");
    expect((await chips.allTextContents()).slice(0, 3)).toEqual(["Mostra-ho tot", "Festivals", "Concerts"]);
    await expect(chips.nth(1).getAttribute("aria-current")).resolves.toBe("true");
    const inView = await chips.nth(1).evaluate((chip) => chip.getBoundingClientRect().right <= chip.closest("ul")!.getBoundingClientRect().right);
    expect(inView).toBe(true);
    await page.close();
  });

  it("searches events from the listing, and says so when nothing matches", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/es/events/`);
    await page.getByRole("searchbox", { name: "Buscar eventos" }).fill("basquet");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/search=basquet/);
    const titles = await page.$$eval("[data-availability] h3, [data-availability] h2", (headings) => headings.map((heading) => heading.textContent ?? ""));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain("Bàsquet");
    await page.goto(`${baseUrl}/en/events/?search=no-such-artist`);
    await expect(page.getByRole("heading", { name: "No events match “no-such-artist”" }).count()).resolves.toBe(1);
    await expect(page.locator('[data-empty-state="events-search"]').getByRole("link", { name: "See all" }).getAttribute("href")).resolves.toMatch(/^\/en\/events\/#/);
    await expectAccessible(page);
    await page.close();
  });

  it("decodes preview content only for a genuine preview", async () => {
    const answer = await fetch(`${baseUrl}/api/content/preview`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: { component: "page", _uid: "p" }, previewToken: { spaceId: "1000001", token: "0".repeat(40), timestamp: String(Math.floor(Date.now() / 1000)) } }),
    });
    expect(answer.status).toBe(401);
  });

  it("answers 404 for a page or an event the CMS does not have", async () => {
    expect((await get("/en/no-such-story/")).status).toBe(404);
    expect((await get("/en/event/no-such-event/")).status).toBe(404);
  });

  it("describes events and the venue for search engines", async () => {
    const event = await (await get("/en/event/lua-serrano-marea-alta/")).text();
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(event)![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({ "@type": "Event", name: "Lúa Serrano", location: { "@type": "EventVenue" } });
    const home = await (await get("/es/")).text();
    expect(home).toContain('"@type":"EventVenue"');
  });

  it("publishes a sitemap with alternates and a robots.txt that points at it", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseUrl}/val/event/lua-serrano-marea-alta/</loc>`);
    expect(sitemap).toContain(`hreflang="ca-ES-valencia" href="${baseUrl}/val/restaurants/"`);
    expect(sitemap).toContain('hreflang="x-default"');
    expect(sitemap).not.toContain("lua-serrano-marea-alta-2"); // a draft-only story
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it("serves content images through the image service, and refuses bad options", async () => {
    const html = await (await get("/en/event/lua-serrano-marea-alta/")).text();
    const src = /src="(\/a\/f\/[^"]+\/m\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(src).toBeTruthy();
    const image = await get(src!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    const original = src!.slice(0, src!.indexOf("/m/"));
    expect((await get(`${original}/m/640x0/filters:quality(500)`)).status).toBe(400);
    expect((await get(`${original}/m/640x0/filters:rotate(45)`)).status).toBe(400);
  });

  it("caches rendered pages per content version: the same bytes and strong ETag from every server process, no nonce", async () => {
    // Each server process keeps a cache of its own: hits come once the process that answers has rendered the page.
    const responses: Response[] = [];
    const hits = () => responses.filter((response) => response.headers.get("x-page-cache") === "hit");
    while (hits().length < 2 && responses.length < 20) responses.push(await get("/en/faq/"));
    expect(hits()).toHaveLength(2);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(responses.map((response) => response.headers.get("etag"))).size).toBe(1);
    expect(responses[0]!.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{27}(-gzip|-br)?"$/);
    expect(bodies[0]).not.toContain(" nonce=");
    expect(responses[0]!.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400");
  });

  it("shows drafts only inside a genuine editor preview", async () => {
    const published = await (await get("/es/event/lua-serrano-marea-alta/")).text();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = createHash("sha1").update(`1000001:${previewToken}:${timestamp}`).digest("hex");
    const query = `?_storyblok=1&_storyblok_tk[space_id]=1000001&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}`;
    const draft = await (await get(`/es/event/lua-serrano-marea-alta/${query}`)).text();
    const forged = await (await get(`/es/event/lua-serrano-marea-alta/${query.replace(token, "0".repeat(40))}`)).text();
    expect(draft).not.toBe(published);
    const subtitle = (html: string) => /<p class="[^"]*subtitle[^"]*">([^<]*)<\/p>/.exec(html)?.[1];
    expect(subtitle(draft)).not.toBe(subtitle(published));
    expect(subtitle(forged)).toBe(subtitle(published));
  });

  it("lets the embedded editor's bridge replace the shown story on input and reload on change, from the editor's frame only", async () => {
    const page = await newPage(browser());
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = createHash("sha1").update(`1000001:${previewToken}:${timestamp}`).digest("hex");
    const previewUrl = `${baseUrl}/en/faq/?_storyblok=1&_storyblok_tk[space_id]=1000001&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}`;
    // The editor's window, on the site's origin, frames the preview as the embedded editor does.
    await page.goto(`${baseUrl}/_build/latest.json`);
    const ready = page.evaluate(
      () => new Promise((resolve) => window.addEventListener("message", (event) => resolve(event.data), { once: true })),
    );
    await page.evaluate((url) => {
      const frame = document.createElement("iframe");
      frame.src = url;
      frame.title = "preview";
      document.body.append(frame);
    }, previewUrl);
    expect(await ready).toEqual({ action: "loaded" });
    const preview = page.frameLocator("iframe").locator("h1");

    // Each block is marked; a click on one selects it in the editor rather than following a link.
    await page.evaluate(() => {
      const messages: unknown[] = [];
      (window as unknown as { editorReceived: unknown[] }).editorReceived = messages;
      window.addEventListener("message", (event) => messages.push(event.data));
    });
    // Edit mode, as the editor enters it: then a block is picked, not followed.
    await page.evaluate(() => document.querySelector("iframe")!.contentWindow!.postMessage({ action: "enterEditmode" }, location.origin));
    await expect.poll(() => page.frameLocator("iframe").locator("html").getAttribute("data-editing")).toBe("true");
    const firstBlock = page.frameLocator("iframe").locator("[data-blok-c]").first();
    const marker = JSON.parse((await firstBlock.getAttribute("data-blok-c"))!) as { name: string; uid: string; story: string };
    await firstBlock.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { editorReceived: unknown[] }).editorReceived))
      .toContainEqual({ action: "selectBlock", name: marker.name, uid: marker.uid, story: marker.story });
    const post = (message: object) => page.evaluate((data) => document.querySelector("iframe")!.contentWindow!.postMessage(data, location.origin), message);

    await post({ action: "input", story: { content: { component: "page", _uid: "p", title: "Typed by the editor", body: [] } } });
    await expect.poll(() => preview.textContent()).toBe("Typed by the editor");
    // A block the editor half-typed does not break the page: the server turns it into nothing.
    await post({ action: "input", story: { content: { component: "page", _uid: "p", title: "Still typing", body: [{ component: "info_banner", _uid: "b", text: { type: "doc" } }] } } });
    await expect.poll(() => preview.textContent()).toBe("Still typing");

    // The page itself (or any other window) is not the editor: its messages change nothing.
    const frame = page.frames().find((candidate) => candidate.url().startsWith(previewUrl.split("?")[0]!))!;
    await frame.evaluate(() => window.postMessage({ action: "input", story: { content: { component: "page", _uid: "p", title: "Forged", body: [] } } }, location.origin));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await preview.textContent()).toBe("Still typing");

    const reloaded = frame.waitForNavigation();
    await post({ action: "change" });
    await reloaded;
    await expect.poll(() => preview.textContent()).not.toBe("Still typing");
    await page.close();
  });
});
