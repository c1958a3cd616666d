import { mkdirSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { expectAccessible, sharedBrowser, waitForHydration } from "./support/browser";
import { verifiedBuyer } from "./support/buyers";
import { mailOutbox } from "./support/outbox";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const browser = sharedBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;

describe("buying tickets", () => {
  for (const { locale, texts } of [
    { locale: "en", texts: { choose: "Choose your tickets", hold: "Hold tickets", held: "Your tickets are held", confirm: /Confirm order/, issued: "Your tickets are confirmed", seeTickets: "See my tickets", noCharge: /no payment is taken/ } },
    { locale: "val", texts: { choose: "Tria les teues entrades", hold: "Reservar entrades", held: "Les teues entrades estan reservades", confirm: /Confirmar la comanda/, issued: "Les teues entrades estan confirmades", seeTickets: "Veure les meues entrades", noCharge: /no es cobra res/ } },
  ] as const) {
    it(`from the event page to the tickets in the account (${locale})`, { timeout: 90_000 }, async () => {
      const email = unique(`buyer-${locale}`);
      const { page, context } = await verifiedBuyer(browser(), { baseUrl, dataDir, email, locale, width: locale === "val" ? 390 : 1280 });
      await page.goto(`${baseUrl}/${locale}/event/lua-serrano-marea-alta/`);
      await waitForHydration(page);
      await page.locator("aside").getByRole("link", { name: /ticket|entrad/i }).first().click();
      await page.waitForURL(`${baseUrl}/${locale}/event/lua-serrano-marea-alta/tickets/`);
      await waitForHydration(page);
      await page.getByRole("heading", { name: texts.choose }).waitFor();
      await expect(page.getByRole("note").textContent()).resolves.toMatch(texts.noCharge);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-choose-${locale}.png`, fullPage: true });
      await expectAccessible(page);

      const steppers = page.locator("li").filter({ has: page.locator('input[type="number"]') });
      await steppers.nth(0).getByRole("button", { name: /\+|more|més/i }).click();
      await steppers.nth(0).getByRole("button", { name: /\+|more|més/i }).click();
      await steppers.nth(1).locator('input[type="number"]').fill("1");
      await page.getByRole("button", { name: texts.hold }).click();
      await page.getByRole("heading", { name: texts.held }).waitFor();
      await expect(page.getByRole("timer").textContent()).resolves.toMatch(/^(9|10):\d\d$/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-held-${locale}.png`, fullPage: true });
      await expectAccessible(page);

      await page.getByRole("button", { name: texts.confirm }).click();
      await page.getByText(texts.issued).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-issued-${locale}.png`, fullPage: true });

      const outbox = mailOutbox(dataDir);
      const mail = await outbox.latest(email, "ticketOrderConfirmation").finally(() => outbox.close());
      const codes = mail.text.match(/\b[0-9A-HJKMNP-TV-Z]{12}\b/g) ?? [];
      expect(codes).toHaveLength(3);

      await page.getByRole("link", { name: texts.seeTickets }).click();
      await page.waitForURL(`${baseUrl}/${locale}/dashboard/`);
      await waitForHydration(page);
      const tickets = page.locator("article").filter({ hasText: "Lúa Serrano" }).locator("li");
      await expect(tickets.allTextContents()).resolves.toEqual(expect.arrayContaining(codes.map((code) => expect.stringContaining(code))));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tickets-dashboard-${locale}.png`, fullPage: true });
      await expectAccessible(page);
      await context.close();
    });
  }
});
