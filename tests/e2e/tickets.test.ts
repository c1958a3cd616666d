import { generateKeyPairSync } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createEd25519TicketSigner } from "../../adapters/runtime/ed25519-ticket-signer.adapter";
import { loadTicketSigningKey } from "../../adapters/runtime/ticket-signing-key";
import { createSqliteExternalTicketClicks } from "../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { TEXTS } from "./support/account-pages";
import { BROWSER_USER_AGENT, expectAccessible, newPage, sharedBrowser, waitForHydration } from "./support/browser";
import { embeddedEvent, verifiedBuyer } from "./support/buyers";
import { mailOutbox } from "./support/outbox";
import { ownServer, type OwnServer } from "./support/own-server";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const browser = sharedBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function chooseAndHold(page: Page, locale: "en" | "es" | "val", quantities: readonly number[]) {
  const texts = TEXTS[locale].tickets;
  await page.getByRole("heading", { name: texts.chooseHeading }).waitFor();
  const lines = page.locator("li").filter({ has: page.locator('input[type="number"]') });
  for (const [index, quantity] of quantities.entries()) if (quantity > 0) await lines.nth(index).locator('input[type="number"]').fill(String(quantity));
  await page.getByRole("button", { name: texts.hold.action }).click();
  await page.getByRole("heading", { name: texts.heldHeading }).waitFor();
}

describe("buying tickets", () => {
  let buyer: Awaited<ReturnType<typeof verifiedBuyer>>;
  const email = unique("buyer");
  beforeAll(async () => {
    buyer = await verifiedBuyer(browser(), { baseUrl, dataDir, email });
  }, 60_000);
  afterAll(() => buyer?.context.close());

  for (const { locale, viewport } of [
    { locale: "en", viewport: DESKTOP },
    { locale: "val", viewport: PHONE },
  ] as const) {
    it(`from the event page to the tickets in the account (${locale})`, { timeout: 90_000 }, async () => {
      const texts = TEXTS[locale].tickets;
      const { page } = buyer;
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/${locale}/event/lua-serrano-marea-alta/`);
      await waitForHydration(page);
      await page.locator("aside").getByRole("link", { name: TEXTS[locale].event.buyTickets }).click();
      await page.waitForURL(`${baseUrl}/${locale}/event/lua-serrano-marea-alta/tickets/`);
      await waitForHydration(page);
      await expect(page.getByRole("note").textContent()).resolves.toBe(texts.noChargeNotice);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-choose-${locale}.png`, fullPage: true });
      await expectAccessible(page);

      // The steppers and the number field both set a quantity.
      const lines = page.locator("li").filter({ has: page.locator('input[type="number"]') });
      const standing = TEXTS[locale].tickets.more;
      await lines.nth(0).getByRole("button", { name: standing.replace("{{name}}", (await lines.nth(0).locator("label").textContent()) ?? "") }).click();
      // Issue 49: the limit is in sight, and a number typed past it is lowered out loud, not silently.
      const most = (await lines.nth(0).locator('input[type="number"]').getAttribute("max")) ?? "";
      await lines.nth(0).getByText(texts.upTo.replace("{{count}}", most), { exact: true }).waitFor();
      await expect(lines.nth(0).getByText(texts.lowered.replace("{{count}}", most)).count()).resolves.toBe(0);
      await lines.nth(0).locator('input[type="number"]').fill("99");
      await lines.nth(0).getByText(texts.lowered.replace("{{count}}", most), { exact: true }).waitFor();
      await expect(lines.nth(0).locator('input[type="number"]').inputValue()).resolves.toBe(most);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-lowered-${locale}.png`, fullPage: true });
      await chooseAndHold(page, locale, [2, 1]);
      await expect(lines.nth(0).getByText(texts.lowered.replace("{{count}}", most)).count()).resolves.toBe(0);
      await expect(page.getByRole("timer").textContent()).resolves.toMatch(/^(9|10):\d\d$/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-held-${locale}.png`, fullPage: true });
      await expectAccessible(page);

      await page.getByRole("button", { name: /\(/ }).click();
      await page.getByText(texts.issued.title).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-issued-${locale}.png`, fullPage: true });

      const outbox = mailOutbox(dataDir);
      const mail = await outbox.latest(email, "ticketOrderConfirmation").finally(() => outbox.close());
      const codes = mail.text.match(/\b[0-9A-HJKMNP-TV-Z]{12}\b/g) ?? [];
      expect(codes).toHaveLength(3);
      // Issue 49: the confirmation shows the order as the mail does: its reference, its lines and the total.
      const reference = (await page.getByText(texts.issued.reference, { exact: true }).locator("xpath=following-sibling::dd[1]").textContent()) ?? "";
      expect(reference).toMatch(/^[0-9a-f-]{36}$/);
      expect(mail.text).toContain(reference);
      const receipt = page.getByRole("listitem").filter({ hasText: /×/ });
      await expect(receipt.allTextContents()).resolves.toEqual([expect.stringMatching(/^2 × /), expect.stringMatching(/^1 × /)]);
      await page.getByText(texts.issued.total, { exact: true }).waitFor();

      await page.getByRole("link", { name: texts.issued.seeTickets }).click();
      await page.waitForURL(`${baseUrl}/${locale}/dashboard/`);
      await waitForHydration(page);
      const shown = await page.locator("article").filter({ hasText: "Lúa Serrano" }).locator("li").allTextContents();
      for (const code of codes) expect(shown.join(" ")).toContain(code);
      // Each ticket carries its signed QR code, named by its code.
      for (const code of codes) await expect(page.getByRole("img", { name: new RegExp(code) }).count()).resolves.toBeGreaterThan(0);
      // The event, its tickets and its opened receipt stay inside the section's card, on a phone too.
      const card = page.locator("article").filter({ hasText: "Lúa Serrano" });
      await card.locator("summary").first().click();
      const outside = await card.evaluate((article) => {
        const { left, right } = article.closest("section")!.getBoundingClientRect();
        if (right > document.documentElement.clientWidth) return ["the section itself"];
        return [article, ...article.querySelectorAll("*")].filter((element) => { const box = element.getBoundingClientRect(); return box.width > 0 && (box.right > right + 0.5 || box.left < left - 0.5); }).map((element) => element.tagName);
      });
      expect(outside).toEqual([]);
      // Printed, the dashboard is the user's events and tickets: no site header or footer, no forms.
      await page.emulateMedia({ media: "print" });
      for (const hidden of ["body > div > header", "footer", "main form"]) {
        const shown = await page.locator(hidden).evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).length);
        expect(shown, hidden).toBe(0);
      }
      for (const code of codes) await expect(page.getByRole("img", { name: new RegExp(code) }).first().isVisible()).resolves.toBe(true);
      await page.emulateMedia({ media: "screen" });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-dashboard-${locale}.png`, fullPage: true });
      await expectAccessible(page);
    });
  }

  it("shows the order's reference, lines and total when the payment page sends the buyer back (es, issue 49)", { timeout: 60_000 }, async () => {
    const texts = TEXTS.es.tickets;
    const { page } = buyer;
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/`);
    await waitForHydration(page);
    // As the tickets page asks the API: a hold of two, then its payment (this server charges nothing: the order at once).
    const order = await page.evaluate(async () => {
      const json = { "Content-Type": "application/json" };
      const offer = (await (await fetch("/api/tickets/events/lua-serrano-marea-alta/offer")).json()) as { ticketTypes: { ticketTypeId: string }[] };
      const held = await fetch("/api/tickets/events/lua-serrano-marea-alta/holds", {
        method: "POST",
        headers: { ...json, "Idempotency-Key": `return-${Date.now()}` },
        body: JSON.stringify({ lines: [{ ticketTypeId: offer.ticketTypes[0]!.ticketTypeId, quantity: 2 }] }),
      });
      const { holdId } = (await held.json()) as { holdId: string };
      const paid = (await (await fetch(`/api/tickets/holds/${holdId}/payment`, { method: "POST", headers: json })).json()) as { order: { orderId: string } };
      return { holdId, orderId: paid.order.orderId };
    });
    await page.goto(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/?hold=${order.holdId}&session_id=cs_test_back`);
    await page.getByText(texts.issued.title).waitFor();
    await expect(page.getByText(texts.issued.reference, { exact: true }).locator("xpath=following-sibling::dd[1]").textContent()).resolves.toBe(order.orderId);
    await expect(page.getByRole("listitem").filter({ hasText: /×/ }).allTextContents()).resolves.toEqual([expect.stringMatching(/^2 × /)]);
    await page.getByText(texts.issued.total, { exact: true }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-payment-return-es-360.png`, fullPage: true });
    await expectAccessible(page);
    // Someone else's hold, or an id of no shape, shows no order.
    await page.goto(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/?hold=..%2Fx&session_id=cs_test_back`);
    await page.getByText(texts.paymentReceived.title).waitFor();
    await expect(page.getByText(texts.issued.reference, { exact: true }).count()).resolves.toBe(0);
  });

  it("resumes the buyer's hold after a reload, with its tickets and time, to pay for it (es, issue 49)", { timeout: 90_000 }, async () => {
    const texts = TEXTS.es.tickets;
    const { page, context } = await verifiedBuyer(browser(), { baseUrl, dataDir, email: unique("reload"), locale: "es" });
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/`);
      await waitForHydration(page);
      await chooseAndHold(page, "es", [0, 2]);
      await page.reload();
      await waitForHydration(page);
      // The hold, not an empty chooser: its two tickets, its time, and the buttons to pay or let go.
      await page.getByRole("heading", { name: texts.heldHeading }).waitFor({ timeout: 5_000 });
      await expect(page.getByText("× 2", { exact: true }).count()).resolves.toBe(1);
      await expect(page.getByRole("timer").textContent()).resolves.toMatch(/^(9|10):\d\d$/);
      await expect(page.getByRole("button", { name: texts.cancel }).isVisible()).resolves.toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-resumed-es-1280.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-resumed-es-360.png`, fullPage: true });
      await expectAccessible(page);
      await page.getByRole("button", { name: /\(/ }).click();
      await page.getByText(texts.issued.title).waitFor();
      // One order of the two held tickets, and no hold left to resume.
      await page.goto(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/`);
      await page.getByRole("heading", { name: texts.chooseHeading }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("prices and describes the festival by what can be bought: its 3-day pass (en, issue 49)", { timeout: 60_000 }, async () => {
    const { page } = buyer;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/en/event/turia-sound-festival-2027/`);
    const aside = page.locator("aside");
    await aside.getByText("€89.00", { exact: true }).first().waitFor();
    await expect(aside.getByText(/€49/).count()).resolves.toBe(0);
    await page.goto(`${baseUrl}/en/event/turia-sound-festival-2027/tickets/`);
    await waitForHydration(page);
    await page.getByText("The 3-day pass admits one person on all three days of the festival. Saturday day tickets go on sale on 1 February.", { exact: true }).waitFor();
    await expect(page.getByText(/one show, on any day/).count()).resolves.toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-festival-en-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-festival-en-360.png`, fullPage: true });
    // The event's card beside the purchase, as listings show it.
    const card = page.locator("article").filter({ hasText: "Túria Sound Festival 2027" }).first();
    await expect(card.textContent()).resolves.toContain("€89.00");
    await expect(card.textContent()).resolves.not.toContain("€49");
  });

  it("adds box-office tickets to the account with the receipt's purchase code, once; a run's tickets show its days", { timeout: 60_000 }, async () => {
    // The Christmas circus runs from 26 December to 4 January: its tickets are not for the first evening.
    const event = embeddedEvent("circ-de-les-estrelles");
    const type = event.types[0]!;
    const db = openDatabase(dataDir);
    let code = "";
    try {
      const issued = await createSqliteTicketStore(db).issuePurchaseCode({
        eventId: event.uuid,
        lines: [{ ticketType: { ticketTypeId: type._uid, capacity: type.capacity }, quantity: 2 }],
        now: new Date().toISOString(),
      });
      if (issued.outcome !== "issued") throw new Error(issued.outcome);
      code = issued.code;
    } finally {
      db.close();
    }
    const { page } = buyer;
    const texts = TEXTS.es.tickets.claim;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/es/dashboard/`);
    await waitForHydration(page);
    // Typed from the receipt in lower case, with spaces for its dashes.
    await page.getByLabel(texts.label).fill(code.toLowerCase().replace(/-/g, " "));
    await page.getByRole("button", { name: texts.action }).click();
    await page.locator("article").filter({ hasText: type.name }).first().waitFor();
    await expect(page.locator("article").filter({ hasText: type.name }).locator("li").count()).resolves.toBe(2);
    await expect(page.locator("article").filter({ hasText: type.name }).locator("header").textContent()).resolves.toMatch(/26 de diciembre de 2026\s–\s4 de enero de 2027 · Pista central/);
    // Before buying, the tickets page says what a ticket for a run is for.
    await page.goto(`${baseUrl}/es/event/circ-de-les-estrelles/tickets/`);
    await page.getByText(TEXTS.es.tickets.runNote.replace("{{from}}", "26 de diciembre de 2026").replace("{{to}}", "4 de enero de 2027"), { exact: true }).waitFor({ timeout: 2_000 });
    await page.goto(`${baseUrl}/es/dashboard/`);
    await waitForHydration(page);

    // A code goes into one account: typing it again changes nothing, and says it is this account's.
    await page.getByLabel(texts.label).fill(code);
    await page.getByRole("button", { name: texts.action }).click();
    await page.getByText(texts.done).waitFor();
    await page.getByLabel(texts.label).fill("NOPE-0000");
    await page.getByRole("button", { name: texts.action }).click();
    await page.getByRole("alert").getByText(TEXTS.es.tickets.error.unknownCode).waitFor();
  });

  it("shows sold-out and coming-soon events as such, with nothing to buy and a disabled button that says why", { timeout: 60_000 }, async () => {
    const { page } = buyer;
    await page.setViewportSize(PHONE);
    for (const { slug, badge } of [
      { slug: "els-capvespres-terrats", badge: TEXTS.en.eventCard.soldOut },
      // Its ticket types go on sale in January: "coming soon" comes from their sale start.
      { slug: "dinosaures-la-gran-expedicio", badge: TEXTS.en.eventCard.comingSoon },
    ]) {
      await page.goto(`${baseUrl}/en/event/${slug}/`);
      // The badge, and in place of the buy button a disabled one that says why.
      await expect(page.locator("aside").getByText(badge, { exact: true }).count()).resolves.toBe(2);
      await expect(page.locator("aside").getByRole("button", { name: badge, exact: true }).isDisabled()).resolves.toBe(true);
      await expect(page.locator("aside").getByRole("link", { name: TEXTS.en.event.buyTickets }).count()).resolves.toBe(0);
      await page.goto(`${baseUrl}/en/event/${slug}/tickets/`);
      await waitForHydration(page);
      await page.getByText(badge, { exact: true }).first().waitFor();
      await expect(page.locator('input[type="number"]').count()).resolves.toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-${slug}.png`, fullPage: true });
      await expectAccessible(page);
    }
  });

  it("says 'few left' on the cached event page as soon as the stock runs low", { timeout: 60_000 }, async () => {
    const path = `${baseUrl}/en/event/circ-de-les-estrelles/`;
    const anonymous = { headers: { "User-Agent": BROWSER_USER_AGENT } };
    // Rendered and cached for every anonymous visitor while plenty is left.
    await fetch(path, anonymous);
    const event = embeddedEvent("circ-de-les-estrelles");
    const db = openDatabase(dataDir);
    try {
      const issued = await createSqliteTicketStore(db).issuePurchaseCode({
        eventId: event.uuid,
        lines: event.types.map((type) => ({ ticketType: { ticketTypeId: type._uid, capacity: type.capacity }, quantity: type.capacity - 100 })),
        now: new Date().toISOString(),
      });
      expect(issued.outcome).toBe("issued");
    } finally {
      db.close();
    }
    const cached = await fetch(path, anonymous);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    // The markup, not the page's texts that travel with it for the browser.
    const markup = (await cached.text()).replace(/<script id="vike_pageContext"[^>]*>.*?<\/script>/s, "");
    expect(markup).not.toContain(TEXTS.en.eventCard.fewLeft);

    const page = await newPage(browser());
    await page.goto(path);
    await waitForHydration(page);
    await page.locator("aside").getByText(TEXTS.en.eventCard.fewLeft, { exact: true }).waitFor();
    await page.close();
  });

  it("sends visitors to an external seller in a new tab, without a referrer, and counts them per event", { timeout: 60_000 }, async () => {
    const event = embeddedEvent("the-halyards-low-tide");
    const clicksOf = () => {
      const db = openDatabase(dataDir);
      return createSqliteExternalTicketClicks(db)
        .totals(new Date().toISOString().slice(0, 10))
        .then((totals) => totals.filter((total) => total.eventId === event.uuid).reduce((sum, total) => sum + total.clicks, 0))
        .finally(() => db.close());
    };
    const before = await clicksOf();
    const { page } = buyer;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/en/event/the-halyards-low-tide/`);
    await waitForHydration(page);
    const link = page.locator("aside").getByRole("link", { name: new RegExp(TEXTS.en.event.buyTickets) });
    await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer");
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    // The seller's site is not reachable from the test machine: only the tab's opening matters.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, body: "seller" }));
    const [seller] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await seller.close();
    await expect.poll(clicksOf, { timeout: 5_000 }).toBe(before + 1);
    await page.context().unroute(/^https?:\/\/(?!127\.0\.0\.1)/);
  });

  it("checks a ticket's signature: genuine, forged or altered, in any language, without JavaScript", { timeout: 60_000 }, async () => {
    const event = embeddedEvent("circ-de-les-estrelles");
    const pass = { v: 1, t: "e2e-ticket", c: "7K3M9Q2X4ZRT", o: "e2e-order", e: event.uuid, y: event.types[0]!._uid } as const;
    // The server's own key (kept in its DATA_DIR) signs a genuine ticket; a fresh key forges one.
    const genuine = await createEd25519TicketSigner(loadTicketSigningKey({ configuredKey: undefined, dataDir })).sign(pass);
    const forged = await createEd25519TicketSigner(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString()).sign(pass);
    // One character of the signed pass changed, as someone editing the ticket would.
    const altered = `${genuine.slice(0, 20)}${genuine[20] === "A" ? "B" : "A"}${genuine.slice(21)}`;
    const page = await newPage(browser(), PHONE);
    for (const [locale, token, verdict] of [
      ["en", genuine, TEXTS.en.ticketCheck.valid.title],
      ["val", forged, TEXTS.val.ticketCheck.invalid.title],
      ["es", altered, TEXTS.es.ticketCheck.invalid.title],
      // Issue 49: the code printed on the ticket and in the mail, typed by hand, is no fake.
      ["es", pass.c.toLowerCase().replace(/(.{4})(?!$)/g, "$1-"), TEXTS.es.ticketCheck.shortCode.title],
    ] as const) {
      const response = await page.goto(`${baseUrl}/${locale}/tickets/check/?t=${encodeURIComponent(token)}`);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await page.getByText(verdict, { exact: true }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/ticket-check-${locale}${token.length === 14 ? "-code" : ""}.png`, fullPage: true });
      await expectAccessible(page);
    }
    await expect(page.getByText("El Circo de las Estrellas").count()).resolves.toBe(0);
    await page.close();
    // Without JavaScript the form is a GET to the same page.
    const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, javaScriptEnabled: false, viewport: DESKTOP });
    const plain = await context.newPage();
    await plain.goto(`${baseUrl}/en/tickets/check/`);
    await plain.getByLabel(TEXTS.en.ticketCheck.field).fill(genuine);
    await plain.getByRole("button", { name: TEXTS.en.ticketCheck.action }).click();
    await plain.getByText(TEXTS.en.ticketCheck.valid.title, { exact: true }).waitFor();
    await plain.getByText("Circus of the Stars").first().waitFor();
    // Door staff read the run's days: the ticket is as good on 2 January as on the 26th.
    await plain.getByText(/^December 26, 2026\s–\sJanuary 4, 2027$/).waitFor({ timeout: 2_000 });
    await context.close();
  });

  it("gives the event page its price range, map, calendar file and schema.org offers", async () => {
    const html = await (await fetch(`${baseUrl}/en/event/lua-serrano-marea-alta/`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
    expect(html).toContain("€35.00 to €120.00");
    expect(html).toMatch(/<a href="https:\/\/www\.openstreetmap\.org\/\?mlat=[^"]+" target="_blank" rel="noopener noreferrer"/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}") as { offers?: Record<string, unknown>; location?: { geo?: unknown } };
    expect(jsonLd.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "35.00", highPrice: "120.00", offerCount: 3, priceCurrency: "EUR", availability: "https://schema.org/InStock" });
    expect(jsonLd.location?.geo).toMatchObject({ "@type": "GeoCoordinates" });
    const calendar = /href="(\/api\/events\/lua-serrano-marea-alta\/calendar\.ics\?lang=en)"/.exec(html)?.[1];
    expect(calendar).toBeDefined();
    const ics = await fetch(`${baseUrl}${calendar}`);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect((await ics.text()).replace(/\r\n /g, "")).toContain("DTSTART;TZID=Europe/Madrid:20261212T213000\r\n");
  });

  it("sends anonymous visitors to sign in first, and back to the tickets after; an event that does not exist is not found before anything", async () => {
    const response = await fetch(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/es/login/?returnTo=%2Fes%2Fevent%2Flua-serrano-marea-alta%2Ftickets%2F");
    // Signing in would only lead to a 404.
    const missing = await fetch(`${baseUrl}/val/event/no-such-event/tickets/`, { redirect: "manual", headers: { "user-agent": BROWSER_USER_AGENT } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<h1");
    // Back from the payment page, signed out: the order is shown after signing in, never to anyone.
    const back = await fetch(`${baseUrl}/en/event/festival-jazz-tardor-2026/tickets/?session_id=cs_test_1`, { redirect: "manual", headers: { "user-agent": BROWSER_USER_AGENT } });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/^\/en\/login\/\?returnTo=/);
  });

  it("tells an anonymous buyer sent to sign in that it is to buy their tickets (es, issue 49)", { timeout: 60_000 }, async () => {
    const page = await newPage(browser(), DESKTOP);
    try {
      await page.goto(`${baseUrl}/es/event/lua-serrano-marea-alta/tickets/`);
      expect(new URL(page.url()).pathname).toBe("/es/login/");
      await page.getByText(TEXTS.es.signInReason.buyTickets, { exact: true }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-buy-tickets-es-1280.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-buy-tickets-es-360.png`, fullPage: true });
      await expectAccessible(page);
      // Signing in from anywhere else says nothing of tickets.
      await page.goto(`${baseUrl}/es/login/?returnTo=%2Fes%2Fdashboard%2F`);
      await page.getByRole("heading", { name: TEXTS.es.page.login.title }).first().waitFor();
      await expect(page.getByText(TEXTS.es.signInReason.buyTickets).count()).resolves.toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it("tells anyone, signed in or not, why an event's tickets cannot be bought here: past, or sold by another seller (val, es)", { timeout: 60_000 }, async () => {
    const page = await newPage(browser(), { width: PHONE.width, height: PHONE.height });
    try {
      // Signing in would not make a past event's tickets buyable.
      const past = await page.goto(`${baseUrl}/val/event/festival-jazz-tardor-2026/tickets/`);
      expect(past?.status()).toBe(200);
      expect(page.url()).toBe(`${baseUrl}/val/event/festival-jazz-tardor-2026/tickets/`);
      await waitForHydration(page);
      await page.getByText(TEXTS.val.eventCard.past, { exact: true }).first().waitFor();
      await page.getByText(TEXTS.val.tickets.notOnSaleWhy.past).waitFor();
      expect(await page.getByText(TEXTS.val.tickets.description).count()).toBe(0);
      await expect(page.getByRole("link", { name: TEXTS.val.nav.login, exact: true }).count()).resolves.toBeGreaterThan(0);
      await expect(page.getByText(TEXTS.val.tickets.verifyFirst.title).count()).resolves.toBe(0);
      await expectAccessible(page);

      await page.goto(`${baseUrl}/es/event/the-halyards-low-tide/tickets/`);
      expect(page.url()).toBe(`${baseUrl}/es/event/the-halyards-low-tide/tickets/`);
      await waitForHydration(page);
      await page.getByText(TEXTS.es.tickets.notOnSaleWhy.external).waitFor();
      const seller = page.getByRole("main").getByRole("link", { name: TEXTS.es.event.buyTickets });
      await expect(seller.getAttribute("href")).resolves.toBe("https://tickets.example.com/the-halyards/valencia-2027");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-external-es.png`, fullPage: true });
      await expectAccessible(page);
    } finally {
      await page.context().close();
    }
  });
});

describe("a hold that runs out", () => {
  let server: OwnServer;
  beforeAll(async () => {
    // Six seconds instead of ten minutes: the countdown, the expiry and the released stock are the same.
    server = await ownServer({ TICKET_HOLD_MS: "6000" });
    await server.start();
  }, 60_000);
  afterAll(() => server?.dispose());

  it("tells the buyer the time ran out, gives the tickets back and lets them choose again (es)", { timeout: 60_000 }, async () => {
    const { page, context } = await verifiedBuyer(browser(), { baseUrl: server.baseUrl, dataDir: server.dataDir, email: unique("late"), locale: "es" });
    const texts = TEXTS.es.tickets;
    await page.goto(`${server.baseUrl}/es/event/circ-de-les-estrelles/tickets/`);
    await waitForHydration(page);
    await chooseAndHold(page, "es", [3]);
    await page.getByRole("alert").getByText(texts.error.holdExpired).waitFor({ timeout: 15_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-expired-es.png`, fullPage: true });
    await expectAccessible(page);
    await page.getByRole("button", { name: texts.chooseAgain }).click();
    await page.getByRole("heading", { name: texts.chooseHeading }).waitFor();
    const offer = (await (await fetch(`${server.baseUrl}/api/tickets/events/circ-de-les-estrelles/offer`)).json()) as { ticketTypes: { available: number }[] };
    expect(offer.ticketTypes[0]?.available).toBe(embeddedEvent("circ-de-les-estrelles").types[0]?.capacity);
    await context.close();
  });
});
