import { describe, expect, inject, it } from "vitest";
import { expectAccessible, newPage, sharedBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("error pages", () => {
  it("shows 'Page not found' for an unknown page, with a way home", async () => {
    const page = await newPage(browser());
    const response = await page.goto(`${baseUrl}/en/no-such-page/`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
    expect(await page.title()).toContain("Page not found");
    // The site's menus in the page's language too (they were the CMS's Spanish ones).
    await expect(page.getByRole("navigation", { name: "Explore" }).getByRole("link").allTextContents()).resolves.toContain("Work with us");
    expect(await page.getByRole("link", { name: "See all events" }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${baseUrl}/en/`);
    await page.close();
  });

  it("names the path when a route's validation fails; an event's page that is not there offers the others", async () => {
    const page = await newPage(browser());
    const response = await page.goto(`${baseUrl}/en/event/NOT_an_id!/`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page Not Found: /en/event/NOT_an_id!/");
    await expectAccessible(page);
    expect((await page.goto(`${baseUrl}/val/event/a-past-event-taken-down/`))?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Mostra tots els esdeveniments" }).getAttribute("href")).resolves.toBe("/val/events/");
    await expect(page.getByRole("link", { name: "Torna a la pàgina d'inici" }).getAttribute("href")).resolves.toBe("/val/");
    await page.close();
  });

  it("shows the 500 title for a server error, in the page's language", async () => {
    const page = await newPage(browser());
    const response = await page.goto(`${baseUrl}/val/_tmp/api-handler/?status=500`);
    expect(response?.status()).toBe(500);
    await expect(page.locator("h1").textContent()).resolves.toBe("Alguna cosa ha anat malament");
    expect(await page.getAttribute("html", "lang")).toBe("ca-ES-valencia");
    await expect(page.getByRole("link", { name: "Torna a la pàgina d'inici" }).getAttribute("href")).resolves.toBe("/val/");
    const explore = await page.getByRole("navigation", { name: "Descobrix" }).getByRole("link").allTextContents();
    expect(explore).toContain("Treballa amb nosaltres");
    expect(explore).not.toContain("Trabaja con nosotros");
    await expectAccessible(page);
    await page.close();
  });

  it("gives bots the status and a minimal body instead of the rendered page", async () => {
    const headers = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const notFound = await fetch(`${baseUrl}/en/no-such-page/`, { headers });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("content-type")).toContain("text/plain");
    expect(await notFound.text()).toBe("404 Not Found");
    const serverError = await fetch(`${baseUrl}/en/_tmp/api-handler/?status=500`, { headers });
    expect(serverError.status).toBe(500);
    expect(await serverError.text()).not.toContain("<html");
    const ok = await fetch(`${baseUrl}/en/`, { headers });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("<html");
  });
});
