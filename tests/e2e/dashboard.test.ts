import { describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "../../core";
import { signedUpVisitor } from "./support/accounts";
import { expectAccessible, newPage, sharedBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const visitor = () => signedUpVisitor(baseUrl, { email: `ana.${Date.now()}@example.org`, password: "Túria-arena-2026!", displayName: "Ana" });

describe("the dashboard guard", () => {
  it("sends anonymous visitors to sign in, with a way back", async () => {
    const response = await fetch(`${baseUrl}/val/dashboard/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/val/login/?returnTo=%2Fval%2Fdashboard%2F");
  });

  it("refuses a tampered session", async () => {
    const { sessionCookie } = await visitor();
    const tampered = `${sessionCookie.slice(0, -2)}xx`;
    const response = await fetch(`${baseUrl}/en/dashboard/`, { redirect: "manual", headers: { Cookie: `${SESSION_COOKIE}=${tampered}` } });
    expect(response.status).toBe(302);
  });

  it("lets a signed-in user in and never caches the page publicly", async () => {
    const email = `ana.${Date.now()}@example.org`;
    const { sessionCookie: token, cookies } = await signedUpVisitor(baseUrl, { email, password: "Túria-arena-2026!", displayName: "Ana" });
    const response = await fetch(`${baseUrl}/en/dashboard/`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const page = await newPage(browser());
    await page.context().addCookies(cookies);
    await page.goto(`${baseUrl}/en/dashboard/`);
    await expect(page.locator("h1").textContent()).resolves.toBe("My account");
    await expect(page.locator("main").textContent()).resolves.toContain(`Signed in as ${email}`);
    await expectAccessible(page);
    await page.close();
  });
});
