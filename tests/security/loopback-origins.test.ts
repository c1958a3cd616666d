import { describe, expect, inject, it } from "vitest";
import { DEFAULT_LOCALE_SETTINGS, localisePath } from "../../core";
import { TEXTS } from "../e2e/support/account-pages";
import { newPage, sharedBrowser } from "../e2e/support/browser";
import { leadForms } from "../e2e/support/lead-forms";
import { raw } from "./support/raw-http";

// The shared server's PUBLIC_ORIGIN is http://127.0.0.1:<port>; the same port on localhost is the
// same site (docs/security.md: loopback names are accepted), for reading and for writing alike.
const baseUrl = inject("baseUrl");
const port = new URL(baseUrl).port;
const sameSiteOtherName = `http://localhost:${port}`;
const browser = sharedBrowser();
const CONTACT = "form=contact&locale=val&name=Ana&surname=Puig&email=ana.loopback%40example.org&phone=600000000&event=lua-serrano-marea-alta&subject=Hola&message=Hola&privacyPolicy=on&communication=on";

const postContact = (origin: string) =>
  raw({ method: "POST", path: localisePath("/contact/", "val", DEFAULT_LOCALE_SETTINGS), body: CONTACT, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin } });

describe("a site served on a loopback name", () => {
  it("takes writes from its pages on another loopback name of the same port: the session, the API, a page's form", async () => {
    const session = await raw({ method: "POST", path: "/api/__session", body: "{}", headers: { "Content-Type": "application/json", Origin: sameSiteOtherName } });
    expect(session.status).not.toBe(403);
    expect(session.status).toBeLessThan(500);
    const page = await postContact(sameSiteOtherName);
    expect(page.status).toBe(200);
    expect(page.body).toContain(TEXTS.val.feedback.success.formSubmitted);
  });

  it("refuses another port, another scheme and any other site, with the page's error page in its language", async () => {
    for (const origin of [`http://localhost:${Number(port) + 1}`, `https://localhost:${port}`, "http://evil.example"]) {
      const response = await postContact(origin);
      expect(response.status, origin).toBe(403);
      expect(response.headers["content-type"], origin).toMatch(/^text\/html/);
      expect(response.body, origin).toContain(TEXTS.val.error.openPageAgain);
    }
    const api = await raw({ method: "POST", path: "/api/__session", body: "{}", headers: { "Content-Type": "application/json", Origin: `http://localhost:${Number(port) + 1}` } });
    expect(api.status).toBe(403);
  });

  it("in Chromium, opened as localhost: nothing refused, and the contact form is sent", { timeout: 60_000 }, async () => {
    const page = await newPage(browser());
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    const forms = leadForms(page, sameSiteOtherName, "en");
    await forms.open("contact");
    await forms.fill("contact", {
      name: "Ana",
      surname: "Puig",
      email: `ana.localhost.${Date.now()}@example.org`,
      phone: "+34 600 000 000",
      event: "lua-serrano-marea-alta",
      subject: "Seats",
      message: "Sent from localhost",
      privacyPolicy: true,
      communication: true,
    });
    await forms.submit("contact");
    await forms.message("status", forms.texts.feedback.success.formSubmitted);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
