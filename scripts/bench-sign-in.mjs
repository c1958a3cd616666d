// Sign-in to the dashboard as a visitor lives it, in Chromium at a phone's size on the embedded
// defaults: from the click on the sign-in button of a hydrated /es/login/ to the dashboard's heading,
// through the local provider's sign-in, the session cookie and the dashboard's render.
import { readFileSync } from "node:fs";
import { launchChromium } from "./chromium.mjs";

const PASSWORD = "Bench-arena-2026!";
const DASHBOARD_TITLE = JSON.parse(readFileSync("locales/es.json", "utf8")).dashboard.title;

/** Each run is a new visitor (a browser context of its own) with an account of their own. */
export async function measureSignInToDashboard(base, runs) {
  const browser = await launchChromium();
  const milliseconds = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const email = `bench.sign-in.${Date.now()}.${run}@example.org`;
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD, name: "Bench", surname: "Puig", privacyPolicy: true, locale: "es" }),
      });
      if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${base}/es/login/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const form = page.locator("form", { has: page.locator('[name="password"]') });
      await form.locator('button[type="submit"]:not([disabled])').waitFor();
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill(PASSWORD);
      const clicked = performance.now();
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(`${base}/es/dashboard/`);
      await page.locator("h1", { hasText: DASHBOARD_TITLE }).waitFor();
      milliseconds.push(performance.now() - clicked);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  milliseconds.sort((a, b) => a - b);
  return { runs, median: milliseconds[Math.floor(milliseconds.length / 2)], slowest: milliseconds[milliseconds.length - 1] };
}
