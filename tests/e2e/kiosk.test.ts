import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "uqr";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createEd25519TicketSigner } from "../../adapters/runtime/ed25519-ticket-signer.adapter";
import { ticketPassOf, type LocaleCode, type TicketOrder } from "../../core";
import { kiosk as en } from "../../locales/en.json";
import { kiosk as es } from "../../locales/es.json";
import { kiosk as val } from "../../locales/val.json";
import type { signedUpVisitor } from "./support/accounts";
import { BROWSER_USER_AGENT, expectAccessible, launchBrowser, sharedBrowser, waitForHydration, watchForTextsNotSent } from "./support/browser";
import { embeddedEvent } from "./support/buyers";
import { doorStaff, paidTickets } from "./support/door-staff";
import { htmlValidityErrors } from "./support/html-validity";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const SHOTS = process.env.E2E_SCREENSHOTS;
const EVENT = embeddedEvent("circ-de-les-estrelles");
const TEXTS = { es, en, val } as const;
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 360, height: 800 };

/** One door kiosk: a browser context of its own (its own IndexedDB and service worker), signed in as staff. */
async function openKiosk(browser: Browser, staff: Awaited<ReturnType<typeof signedUpVisitor>>, options: { locale: LocaleCode; size: { width: number; height: number } }) {
  const context: BrowserContext = await browser.newContext({ userAgent: BROWSER_USER_AGENT, locale: "es-ES", viewport: options.size });
  watchForTextsNotSent(context);
  await context.addCookies(staff.cookies.map((cookie) => ({ ...cookie, sameSite: "Lax" as const })));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${baseUrl}/kiosk/?lang=${options.locale}`);
  return { context, page, errors, texts: TEXTS[options.locale] };
}
type Kiosk = Awaited<ReturnType<typeof openKiosk>>;

async function setUpGate(kiosk: Kiosk, gate: string) {
  const { page, texts } = kiosk;
  await page.getByRole("heading", { name: texts.setup.title }).waitFor();
  await page.getByLabel(texts.setup.gate, { exact: true }).fill(gate);
  await page.getByRole("button", { name: texts.setup.start }).click();
  await page.getByLabel(texts.scan.label).waitFor();
  // The shell kept for offline starts.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** As a hardware scanner does it: keystrokes into the focused field, then Enter. */
async function scan(kiosk: Kiosk, text: string) {
  await kiosk.page.getByLabel(kiosk.texts.scan.label).focus();
  await kiosk.page.keyboard.type(text);
  await kiosk.page.keyboard.press("Enter");
  const result = kiosk.page.getByTestId("result");
  await result.waitFor();
  const shown = (await result.innerText()).replace(/\s+/g, " ");
  await result.click();
  await result.waitFor({ state: "detached" });
  return shown;
}

/**
 * A camera's picture of a QR code as Chromium's fake capture device plays it: one YUV 4:2:0 frame
 * (Y4M), the code black on white, four pixels a module, inside its quiet zone.
 */
function cameraFrameOf(text: string): Buffer {
  const { data: modules, size } = encode(text, { ecc: "M", border: 4 });
  // Four pixels a module: an even side, as 4:2:0's half-size colour planes need.
  const side = size * 4;
  const luma = Buffer.alloc(side * side, 255);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) if (modules[y >> 2]![x >> 2]) luma[y * side + x] = 0;
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]);
}

async function expectValidPage(page: Page, name: string) {
  const html = `<!doctype html>${await page.evaluate(() => document.documentElement.outerHTML)}`;
  expect(await htmlValidityErrors(html, name)).toEqual([]);
  await expectAccessible(page);
}

describe("the door kiosk (issue 54)", () => {
  const browser = sharedBrowser();
  let order: TicketOrder;
  let tokens: string[];
  let staff: Awaited<ReturnType<typeof doorStaff>>;
  let refundedCode: string;
  beforeAll(async () => {
    ({ order, tokens } = await paidTickets({ baseUrl, dataDir, slug: "circ-de-les-estrelles", quantity: 2 }));
    staff = await doorStaff({ baseUrl, dataDir, eventUuid: EVENT.uuid });
    // A buyer's order refunded, as the ticket store records it, in the server's own database.
    const refunded = await paidTickets({ baseUrl, dataDir, slug: "circ-de-les-estrelles", quantity: 1 });
    const db = openDatabase(dataDir);
    try {
      const outcome = await createSqliteTicketStore(db).refund({ orderId: refunded.order.orderId, userId: refunded.order.userId!, now: new Date().toISOString() });
      expect(outcome.outcome).toBe("refunded");
    } finally {
      db.close();
    }
    refundedCode = refunded.order.tickets[0]!.code;
  }, 60_000);

  it("is served under /kiosk/ with its manifest and service worker, the camera allowed there only", async () => {
    const page = await fetch(`${baseUrl}/kiosk/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Permissions-Policy")).toContain("camera=(self)");
    expect(await htmlValidityErrors(await page.text(), "/kiosk/")).toEqual([]);
    expect((await (await fetch(`${baseUrl}/kiosk/manifest.webmanifest`)).json()) as { start_url: string }).toMatchObject({ start_url: "/kiosk/" });
    expect((await fetch(`${baseUrl}/kiosk/sw.js`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/es/`)).headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("keeps its shell in a cache named after the build, and deletes the kiosk's older caches when it takes over, no one else's", async () => {
    const worker = await (await fetch(`${baseUrl}/kiosk/sw.js`)).text();
    const shell = /const SHELL = "(arena-kiosk-shell-[0-9a-f]{16})";/.exec(worker)?.[1];
    const files = JSON.parse(/const FILES = (\[[^\]]*\]);/.exec(worker)?.[1] ?? "[]") as string[];
    expect(files).toContain("/kiosk/");
    expect(files.some((file) => /\/kiosk\/assets\/jsqr-frame-reader-[\w-]+\.js$/.test(file))).toBe(true);
    const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, locale: "en-US", viewport: TABLET });
    const page = await context.newPage();
    // An older build's cache, and one of the site's own, before this build's worker arrives.
    await page.goto(`${baseUrl}/kiosk/manifest.webmanifest`);
    await page.evaluate(async () => {
      await caches.open("arena-kiosk-shell-0123456789abcdef");
      await caches.open("someone-else");
    });
    await page.goto(`${baseUrl}/kiosk/?lang=en`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect((await page.evaluate(() => caches.keys())).sort()).toEqual([shell, "someone-else"].sort());
    const kept = await page.evaluate(async ({ shell, files }) => {
      const cache = await caches.open(shell!);
      return (await Promise.all(files.map(async (file) => ((await cache.match(file)) ? file : null)))).filter(Boolean);
    }, { shell, files });
    expect(kept).toEqual(files);
    await context.close();
  });

  it("sends a member of staff who is not signed in to the site's sign-in page, and from there back to the kiosk", async () => {
    const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, locale: "en-US", viewport: TABLET });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`${baseUrl}/kiosk/?lang=en`);
    const signIn = page.getByRole("link", { name: en.signIn.link });
    await signIn.waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The signed-out screen asks the kiosks' API nothing: no 404 in the console.
    expect(errors).toEqual([]);
    await expectValidPage(page, "kiosk signed out");
    await signIn.click();
    await page.waitForURL(`${baseUrl}/en/login/?returnTo=%2Fkiosk%2F`);
    await waitForHydration(page);
    await page.locator('input[name="email"]').first().fill(staff.email);
    await page.locator('input[name="password"]').first().fill("Correct-Horse-Battery-9");
    await page.locator('input[name="password"]').first().press("Enter");
    await page.waitForURL(`${baseUrl}/kiosk/`);
    await page.getByRole("heading", { name: en.setup.title }).waitFor();
    await context.close();
  });

  it("admits at two gates without network, refuses forged and altered codes there, and shows the second gate the duplicate once online", async () => {
    const north = await openKiosk(browser(), staff, { locale: "es", size: TABLET });
    const south = await openKiosk(browser(), staff, { locale: "es", size: TABLET });
    await setUpGate(north, "Puerta Este");
    await setUpGate(south, "Puerta Oeste");
    await north.context.setOffline(true);
    await south.context.setOffline(true);
    await north.page.getByText(es.status.offline).waitFor();

    const [first, second] = tokens as [string, string];
    // The QR code's URL at the north gate; the same ticket again there is refused with where and when.
    expect(await scan(north, `${baseUrl}/es/tickets/check/?t=${first}`)).toContain(es.admitted);
    const again = await scan(north, first);
    expect(again).toContain(es.refused.title);
    expect(again).toMatch(/Puerta Este a las \d{2}:\d{2}/);
    // The screenshot shared with a friend, at the south gate; a code typed by hand there.
    expect(await scan(south, first)).toContain(es.admitted);
    expect(await scan(south, order.tickets[1]!.code.toLowerCase())).toContain(es.admitted);
    const forged = createEd25519TicketSigner(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    expect(await scan(south, await forged.sign(ticketPassOf(order, order.tickets[0]!)))).toContain(es.refused.notValid);
    const [prefix, kid, payload, signature] = second.split(".");
    const altered = `${payload!.slice(0, 10)}${payload![10] === "A" ? "B" : "A"}${payload!.slice(11)}`;
    expect(await scan(south, `${prefix}.${kid}.${altered}.${signature}`)).toContain(es.refused.notValid);
    await expect.poll(() => south.page.getByTestId("pending").innerText()).toBe(es.status.pending.replace("{{count}}", "2"));

    // Restarted without network, the south kiosk opens from its service worker and keeps its check-ins.
    await south.page.reload();
    await south.page.getByLabel(es.scan.label).waitFor();
    await expect.poll(() => south.page.getByTestId("pending").innerText()).toBe(es.status.pending.replace("{{count}}", "2"));

    // Back online: the north gate syncs first and wins; the south gate is told where and when.
    await north.context.setOffline(false);
    await expect.poll(() => north.page.getByTestId("pending").innerText(), { timeout: 15_000 }).toBe(es.status.synced);
    await south.context.setOffline(false);
    const conflicts = south.page.getByRole("region", { name: es.conflicts.title });
    await conflicts.waitFor({ timeout: 15_000 });
    expect(await conflicts.innerText()).toContain(`${order.tickets[0]!.code}: usada primero en Puerta Este a las`);
    // Counts per gate from the server (the event's total includes other tests' gates).
    await expect.poll(() => south.page.getByTestId("count-gate").innerText(), { timeout: 15_000 }).toBe(es.counts.gate.replace("{{count}}", "1"));
    const counts = (await (await staff.call(`/api/check-ins/events/${EVENT.uuid}/counts`)).json()) as { byGate: Record<string, number> };
    expect(counts.byGate).toMatchObject({ "Puerta Este": 1, "Puerta Oeste": 1 });
    await expectValidPage(south.page, "kiosk conflicts");
    if (SHOTS) await south.page.screenshot({ path: `${SHOTS}/kiosk-conflicts-es.png`, fullPage: true });

    expect(north.errors).toEqual([]);
    expect(south.errors).toEqual([]);
    await north.context.close();
    await south.context.close();
  }, 120_000);

  it("reads a ticket's QR code from the camera without network, with jsQR loaded only then (Chromium on Linux has no BarcodeDetector)", async () => {
    const bought = await paidTickets({ baseUrl, dataDir, slug: "circ-de-les-estrelles", quantity: 1 });
    const frame = join(dataDir, "kiosk-camera.y4m");
    writeFileSync(frame, cameraFrameOf(`${baseUrl}/es/tickets/check/?t=${bought.tokens[0]}`));
    const cameraBrowser = await launchBrowser(["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${frame}`]);
    try {
      const kiosk = await openKiosk(cameraBrowser, staff, { locale: "en", size: TABLET });
      await kiosk.context.grantPermissions(["camera"], { origin: baseUrl });
      const decoderRequests: string[] = [];
      kiosk.page.on("request", (request) => /jsqr-frame-reader/.test(request.url()) && decoderRequests.push(request.url()));
      await setUpGate(kiosk, "Gate 9");
      expect(await kiosk.page.evaluate(() => typeof (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector)).toBe("undefined");
      // The decoder is not part of the kiosk's first screens: it comes from the service worker's cache when the camera starts.
      expect(decoderRequests).toEqual([]);
      await kiosk.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await kiosk.context.setOffline(true);
      await kiosk.page.getByRole("button", { name: en.scan.camera }).click();
      const result = kiosk.page.getByTestId("result");
      await result.waitFor({ timeout: 15_000 });
      expect(await result.innerText()).toContain(en.admitted);
      expect(await result.innerText()).toContain(bought.order.tickets[0]!.code);
      expect(decoderRequests).toHaveLength(1);
      expect(kiosk.errors).toEqual([]);
      await kiosk.context.close();
    } finally {
      await cameraBrowser.close();
    }
  }, 60_000);

  for (const locale of ["es", "en", "val"] as const) {
    for (const [sizeName, size] of Object.entries({ tablet: TABLET, phone: PHONE })) {
      it(`keeps the site's bar in ${locale} on a ${sizeName}: no console error, no serious axe violation, valid HTML`, async () => {
        const kiosk = await openKiosk(browser(), staff, { locale, size });
        await kiosk.page.getByRole("heading", { name: kiosk.texts.setup.title }).waitFor();
        await expectValidPage(kiosk.page, `kiosk setup ${locale}`);
        if (SHOTS) await kiosk.page.screenshot({ path: `${SHOTS}/kiosk-setup-${locale}-${sizeName}.png`, fullPage: true });
        await setUpGate(kiosk, "Puerta 3");
        await expectValidPage(kiosk.page, `kiosk scanning ${locale}`);
        // Nothing wider than the screen: a phone scrolls only down.
        expect(await kiosk.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        if (SHOTS) await kiosk.page.screenshot({ path: `${SHOTS}/kiosk-scan-${locale}-${sizeName}.png`, fullPage: true });
        // A refunded order's ticket: refused, saying so on screen and to screen readers.
        await kiosk.page.getByLabel(kiosk.texts.scan.label).fill(refundedCode);
        await kiosk.page.keyboard.press("Enter");
        await kiosk.page.getByTestId("result").waitFor();
        expect(await kiosk.page.getByTestId("result").innerText()).toContain(kiosk.texts.refused.refunded);
        expect(await kiosk.page.locator('[aria-live="assertive"]').innerText()).toBe(`${kiosk.texts.refused.title}. ${kiosk.texts.refused.refunded}`);
        await kiosk.page.getByTestId("result").click();
        await kiosk.page.getByTestId("result").waitFor({ state: "detached" });
        await kiosk.page.getByLabel(kiosk.texts.scan.label).fill("not a ticket");
        await kiosk.page.keyboard.press("Enter");
        await kiosk.page.getByTestId("result").waitFor();
        await expectValidPage(kiosk.page, `kiosk result ${locale}`);
        if (SHOTS) await kiosk.page.screenshot({ path: `${SHOTS}/kiosk-refused-${locale}-${sizeName}.png` });
        expect(await kiosk.page.getByText(kiosk.texts.refused.notValid).count()).toBeGreaterThan(0);
        expect(kiosk.errors).toEqual([]);
        await kiosk.context.close();
      }, 60_000);
    }
  }
});
