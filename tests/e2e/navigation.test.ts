import { describe, expect, inject, it } from "vitest";
import { expectAccessible, newPage, waitForHydration, sharedBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("client-side navigation", () => {
  it("shows the loading bar during a slow navigation and hides it afterwards", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/en/`);
    await waitForHydration(page);
    // Hold the next page's data for a second: longer than the bar's 200 ms throttle.
    await page.route("**/*.pageContext.json", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const bar = page.getByTestId("loading-bar");
    expect(await bar.getAttribute("data-visible")).toBe("false");
    await page.locator("header nav").getByRole("link", { name: "Restaurants" }).click();
    await page.waitForSelector('[data-testid="loading-bar"][data-visible="true"]', { timeout: 900 });
    const color = await bar.evaluate((element) => getComputedStyle(element.firstElementChild!).backgroundColor);
    expect(color).toBe("rgb(91, 31, 209)"); // the primary colour
    expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(3);
    await page.waitForURL(`${baseUrl}/en/restaurants/`);
    await page.waitForSelector('[data-testid="loading-bar"][data-visible="false"]', { timeout: 3000 });
    await expectAccessible(page);
    await page.close();
  });

  it("ends the bar in the danger colour when the navigation lands on an error", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/en/`);
    await waitForHydration(page);
    await page.route("**/*.pageContext.json", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/en/event/BAD_ID/";
      link.textContent = "broken";
      link.id = "broken-link";
      document.querySelector("main")!.append(link);
    });
    await page.click("#broken-link");
    await page.waitForSelector('[data-testid="loading-bar"][data-color="danger"][data-visible="true"]', { timeout: 3000 });
    await page.close();
  });

  it("scrolls to the top on page change, or to the hash target", async () => {
    const page = await newPage(browser(), { width: 1280, height: 420 });
    await page.goto(`${baseUrl}/en/events/`);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator("footer").getByRole("link", { name: "Cookie policy" }).click();
    await page.waitForURL(`${baseUrl}/en/cookie-policy/`);
    await page.waitForFunction(() => window.scrollY === 0);
    await expectAccessible(page);

    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/en/faq/#footer-legal";
      link.id = "hash-link";
      link.textContent = "legal";
      document.querySelector("main")!.prepend(link);
    });
    await page.click("#hash-link");
    await page.waitForURL(`${baseUrl}/en/faq/#footer-legal`);
    await page.waitForFunction(() => {
      const target = document.getElementById("footer-legal")!.getBoundingClientRect();
      return window.scrollY > 0 && target.top >= 0 && target.top < window.innerHeight;
    });
    await page.close();
  });

  it("brings the hero's texts with the home when coming from a page without a hero", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/val/legal-notice/`);
    await waitForHydration(page);
    await page.locator("header").getByRole("link", { name: "Túria Arena, inici" }).click();
    await page.waitForURL(`${baseUrl}/val/`);
    // Its words in Valencian, not the keys i18next shows for a text the page was not sent.
    const hero = page.locator('[aria-roledescription="carrusel"][aria-label="Destacats"]');
    await hero.getByRole("button", { name: "Vés a la diapositiva següent" }).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it("marks the current page's navigation link", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/en/restaurants/`);
    const link = page.locator("header nav").getByRole("link", { name: "Restaurants" });
    await expect(link.getAttribute("aria-current")).resolves.toBe("page");
    await expect(link.getAttribute("class")).resolves.toContain("is-exact-active");
    await page.close();
  });

  it("opens the sidebar menu on a phone and navigates from it with the keyboard", async () => {
    const page = await newPage(browser(), { width: 360 });
    await page.goto(`${baseUrl}/es/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menú" }).click();
    const dialog = page.getByRole("dialog", { name: "Menú del sitio" });
    await dialog.waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Menú" }).click();
    await dialog.getByRole("link", { name: "Contacto" }).click();
    await page.waitForURL(`${baseUrl}/es/contact/`);
    await dialog.waitFor({ state: "hidden" });
    await expectAccessible(page);
    await page.close();
  });

  it("takes a phone without JavaScript from the menu to the footer's list of sections, and to another language from the footer", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/val/events/`);
    expect(await page.getByRole("button", { name: "Menú" }).count()).toBe(0);
    await page.getByRole("link", { name: "Menú", exact: true }).click();
    await page.waitForURL(`${baseUrl}/val/events/#footer-explore`);
    const sections = page.getByRole("navigation", { name: "Descobrix" });
    await sections.getByRole("link", { name: "Contacte" }).click();
    await page.waitForURL(`${baseUrl}/val/contact/`);
    // The languages are at the footer's foot.
    await page.getByRole("contentinfo").getByRole("list", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await page.waitForURL(`${baseUrl}/en/contact/`);
    await context.close();
  });

  it("keeps Tab inside the phone menu, wrapping both ways", async () => {
    const page = await newPage(browser(), { width: 360 });
    await page.goto(`${baseUrl}/en/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Site menu" });
    await dialog.waitFor();
    const focusable = await dialog.locator("a[href], button").count();
    const insideMenu = () => page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null);
    for (let press = 0; press < focusable + 2; press++) {
      await page.keyboard.press("Tab");
      expect(await insideMenu(), `after Tab ${press + 1}`).toBe(true);
    }
    // Back to the close button, then Shift+Tab wraps to the last language.
    await dialog.getByRole("button", { name: "Close menu" }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-locale"))).toBe("val");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Close menu");
    await page.close();
  });

  it("moves focus to the new page's heading after a link is followed, from the header or the phone menu", async () => {
    const page = await newPage(browser(), { width: 1280 });
    await page.goto(`${baseUrl}/en/`);
    await waitForHydration(page);
    await page.locator("header nav").getByRole("link", { name: "Restaurants" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/en/restaurants/`);
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    const heading = await page.evaluate(() => document.activeElement?.textContent);
    expect(heading).toBe(await page.locator("main h1").textContent());
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Site menu" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${baseUrl}/en/contact/`);
    await page.waitForFunction(() => document.activeElement?.tagName === "H1" && document.activeElement.closest("main") !== null);
    await page.close();
  });

  it("says which links open a new tab, and calls from this tab", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/val/restaurants/`);
    const booking = page.getByRole("link", { name: "Reserva una taula (s'obri en una pestanya nova)" }).first();
    await expect(booking.getAttribute("target")).resolves.toBe("_blank");
    // Seen as well as heard: an arrow after the words.
    expect(await booking.evaluate((link) => getComputedStyle(link, "::after").content)).toContain("↗");
    await page.goto(`${baseUrl}/val/contact/`);
    const phone = page.locator('main a[href^="tel:"]').first();
    expect(await phone.getAttribute("target")).toBeNull();
    await page.close();
  });
});

