// Part of `npm run bench` (issue 10): ticket orders per second on the embedded store, with 200
// buyers at once, each placing orders one after another (hold one ticket, pay without charge),
// until the ticket type sells out; then how many were sold beyond its capacity (must be 0). One
// account may have no more than the type's per-buyer limit (issue 48), so each buyer signs up
// enough accounts to buy its share and goes on with the next one when an account has its most.
// A benchmark, not a test: it prints numbers and asserts nothing.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { buildIfStale } from "./build-if-stale.mjs";
import { withProductionServer } from "./production-server.mjs";

const BUYERS = 200;
const EVENT_SLUG = "nit-de-cap-d-any-2026";
/** At most this long: with the stock below, the type sells out well before at ~300 orders/s. */
const MAX_DURATION_MS = 30_000;

/** The event's story uuid and its first ticket type, as the embedded content has them. */
function ticketTypeOfEvent(slug) {
  const folder = "content/stories/1000001";
  const file = readdirSync(folder).find((name) => name.startsWith(`${slug}_`));
  const story = JSON.parse(readFileSync(join(folder, file), "utf8"));
  const type = story.content.ticket_types[1];
  return { eventId: story.uuid, type, perBuyerLimit: Number(type.per_buyer_limit || type.per_order_limit) };
}

/** A verified buyer with a session: signed up behind the trusted proxy (one address each), the mailed code sent back. */
async function verifiedBuyer(base, dataDir, index) {
  const cookies = new Map();
  const forwardedFor = `10.${(index >> 8) & 255}.${index & 255}.1`;
  const call = async (path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        origin: base,
        "x-forwarded-for": forwardedFor,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response;
  };
  const email = `buyer.${index}.${Date.now()}@example.org`;
  const signUp = await call("/api/auth/sign-up/email", { email, password: "Bench-arena-2026!", name: "Buyer", surname: "Puig", privacyPolicy: true, locale: "es" });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  // Registration signs no one in (issue 48 item 9).
  const signIn = await call("/api/auth/sign-in/email", { email, password: "Bench-arena-2026!" });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const db = new Database(join(dataDir, "arena.sqlite"), { readonly: true, fileMustExist: true });
  let link;
  try {
    for (let attempt = 0; attempt < 100 && !link; attempt += 1) {
      const row = db.prepare("SELECT params_json FROM mail_outbox WHERE to_address = ? AND template = 'verifyEmail'").get(email);
      if (row) link = JSON.parse(row.params_json).link;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
  const verified = await call("/api/auth/verify-email", { code: new URL(link).searchParams.get("code") });
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
  const { token } = await (await call("/api/auth/id-token")).json();
  await call("/api/__session", { token });
  return call;
}

/**
 * 200 buyers ordering at once until the type is sold out. Every confirmed order is counted from
 * the server's 201s; 'oversold' is what was confirmed beyond the capacity the CMS gives.
 */
export async function measureTicketOrders(base, dataDir) {
  const { type, perBuyerLimit } = ticketTypeOfEvent(EVENT_SLUG);
  const accountsPerBuyer = Math.ceil(type.capacity / (BUYERS * perBuyerLimit));
  const accounts = [];
  // Sign-ups hash passwords (argon2id): a few at a time, as they would arrive.
  for (let index = 0; index < BUYERS * accountsPerBuyer; index += 20) {
    accounts.push(...(await Promise.all(Array.from({ length: 20 }, (_, offset) => verifiedBuyer(base, dataDir, index + offset)))));
  }
  // Buyer i has accounts i, i + BUYERS, i + 2 × BUYERS…
  const buyers = Array.from({ length: BUYERS }, (_, index) => accounts.filter((_, account) => account % BUYERS === index));
  let confirmed = 0;
  let soldOut = 0;
  let errors = 0;
  const latencies = [];
  const holdLatencies = [];
  const payLatencies = [];
  const started = performance.now();
  let finished = false;
  await Promise.all(
    buyers.map(async (own) => {
      let call = own.shift();
      while (call && !finished && performance.now() - started < MAX_DURATION_MS) {
        const begun = performance.now();
        const hold = await call(`/api/tickets/events/${EVENT_SLUG}/holds`, { lines: [{ ticketTypeId: type._uid, quantity: 1 }] }, { "idempotency-key": randomUUID() });
        if (hold.status === 409) {
          soldOut += 1;
          finished = true;
          await hold.arrayBuffer();
          break;
        }
        // This account has all it may have of the type: the buyer's next one goes on.
        if (hold.status === 422) {
          await hold.arrayBuffer();
          call = own.shift();
          continue;
        }
        if (hold.status !== 201) {
          errors += 1;
          await hold.arrayBuffer();
          continue;
        }
        const { holdId } = await hold.json();
        const held = performance.now();
        const paid = await call(`/api/tickets/holds/${holdId}/payment`, {});
        await paid.arrayBuffer();
        if (paid.status === 201) {
          confirmed += 1;
          latencies.push(performance.now() - begun);
          holdLatencies.push(held - begun);
          payLatencies.push(performance.now() - held);
        } else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const p99Of = (values) => Math.round(values.sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0);
  latencies.sort((a, b) => a - b);
  return {
    holdP99: p99Of(holdLatencies),
    payP99: p99Of(payLatencies),
    label: `ticket orders, ${BUYERS} buyers`,
    accounts: accounts.length,
    ordersPerSecond: confirmed / seconds,
    p50: Math.round(latencies[Math.floor(latencies.length * 0.5)] ?? 0),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    confirmed,
    capacity: type.capacity,
    oversold: Math.max(0, confirmed - type.capacity),
    soldOutAnswers: soldOut,
    errors,
    seconds,
  };
}

/** The row as `npm run bench` prints it. */
export function printTicketOrders(orders) {
  console.log(`\nTicket orders on the embedded store (hold one ticket, pay without charge), ${orders.label} (${orders.accounts} accounts), until sold out:`);
  console.log(
    `  ${orders.ordersPerSecond.toFixed(0)} orders/s, p50 ${orders.p50} ms and p99 ${orders.p99} ms per order (hold + pay), ${orders.confirmed} confirmed of a capacity of ${orders.capacity} in ${orders.seconds.toFixed(1)} s`,
  );
  console.log(`  of which p99 ${orders.holdP99} ms to hold, ${orders.payP99} ms to pay; oversold: ${orders.oversold}; 'sold out' answers: ${orders.soldOutAnswers}; errors: ${orders.errors}`);
  console.log("Targets: ≥ 300 orders/s with 0 oversold (issue 10), p99 per order under 1 s with 200 buyers (issue 51).");
}

/**
 * The production server on a store of its own, so that every run starts with the whole stock;
 * behind one trusted proxy, each buyer has an address of their own (as a crowd has), so no
 * per-address limit is lifted.
 */
export async function benchTicketOrders(port) {
  const dataDir = ".data/bench-orders";
  rmSync(dataDir, { recursive: true, force: true });
  return withProductionServer(port, dataDir, (base) => measureTicketOrders(base, dataDir), { TRUSTED_PROXY: "1" });
}

// `node scripts/bench-ticket-orders.mjs`: this row alone (BENCH_PORT, as npm run bench).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale();
  printTicketOrders(await benchTicketOrders(Number(process.env.BENCH_PORT ?? 3900)));
}
