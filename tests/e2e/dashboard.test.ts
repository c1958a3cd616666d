import { describe, expect, inject, it } from "vitest";
import { createSignedSessions } from "../../adapters/local/signed-session.adapter";
import { SESSION_COOKIE } from "../../core";
import { expectAccessible, newPage, sharedBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const sessions = createSignedSessions(inject("sessionSecret"));
const browser = sharedBrowser();

describe("the dashboard guard", () => {
  it("sends anonymous visitors to sign in, with a way back", async () => {
    const response = await fetch(`${baseUrl}/val/dashboard/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/val/login/?returnTo=%2Fval%2Fdashboard%2F");
  });

  it("refuses a tampered session", async () => {
    const token = sessions.issue({ uid: "u1", email: "ana@example.org", emailVerified: true, displayName: "Ana" });
    const tampered = `${token.slice(0, -2)}xx`;
    const response = await fetch(`${baseUrl}/en/dashboard/`, { redirect: "manual", headers: { Cookie: `${SESSION_COOKIE}=${tampered}` } });
    expect(response.status).toBe(302);
  });

  it("lets a signed-in user in and never caches the page publicly", async () => {
    const token = sessions.issue({ uid: "u1", email: "ana@example.org", emailVerified: true, displayName: "Ana" });
    const response = await fetch(`${baseUrl}/en/dashboard/`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const page = await newPage(browser());
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl }]);
    await page.goto(`${baseUrl}/en/dashboard/`);
    await expect(page.locator("h1").textContent()).resolves.toBe("My account");
    await expect(page.locator("main").textContent()).resolves.toContain("Signed in as ana@example.org");
    await expectAccessible(page);
    await page.close();
  });
});
