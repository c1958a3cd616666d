// Part of `npm run bench` (issue 54): door check-ins. How many scans one device decides per second
// offline (the core's verification of a signed QR code and the decision on a 20,000-ticket event
// pack, as the kiosk runs them), and how many check-ins per second the server's sync takes from 40
// gates at once (the check-ins API over the embedded SQLite on disk, synchronous=FULL, batches of
// 500, one ticket in twenty scanned at two gates). A benchmark, not a test: it prints numbers.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkInsRoute } from "../adapters/http/server/check-ins.route";
import { createSqliteCheckIns } from "../adapters/embedded/check-in/sqlite-check-ins.adapter";
import { openDatabase } from "../adapters/embedded/database/open-database";
import { createSqliteStaffAccess } from "../adapters/embedded/identity/sqlite-staff-access.adapter";
import { createEd25519TicketSigner } from "../adapters/runtime/ed25519-ticket-signer.adapter";
import { SESSION_COOKIE, cookieSessionVerifier, decideCheckIn, indexEventPack, ticketTokenVerifier, verifyTicket, type DeviceCheckIn, type EventPack } from "../core";

const TICKETS = 20_000;
const GATES = 40;
const BATCH = 500;
const SCANS = 5_000;
const EVENT_ID = "bench-event";

export async function measureCheckIns() {
  const signer = createEd25519TicketSigner(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const tickets = Array.from({ length: TICKETS }, (_, index) => ({ ticketId: `ticket-${index}`, code: String(index).padStart(12, "0"), ticketTypeId: "pista", state: "valid" as const }));
  const pack: EventPack = { eventId: EVENT_ID, builtAt: new Date().toISOString(), keys: signer.publicKeys, tickets };
  const tokens = await Promise.all(tickets.slice(0, SCANS).map((ticket) => signer.sign({ v: 1, t: ticket.ticketId, c: ticket.code, o: "order", e: EVENT_ID, y: "pista" })));

  // One device: verify and decide each scan, recording what it let in.
  const index = indexEventPack(pack);
  const verify = ticketTokenVerifier(pack.keys);
  const used = new Map<string, { gate: string; deviceId: string; scannedAt: string }>();
  const started = performance.now();
  for (const token of tokens) {
    const decision = decideCheckIn(await verifyTicket(token, verify), index, (ticketId) => used.get(ticketId));
    if (decision.outcome === "admitted") used.set(decision.ticketId, { gate: "Puerta 1", deviceId: "bench", scannedAt: new Date().toISOString() });
  }
  const verificationsPerSecond = SCANS / ((performance.now() - started) / 1000);

  // The server: 40 gates syncing their backlogs at once.
  const dataDir = mkdtempSync(join(tmpdir(), "bench-check-ins-"));
  const db = openDatabase(dataDir);
  try {
    db.prepare(`INSERT INTO "user" (id, name, email, emailVerified, createdAt, updatedAt) VALUES ('staff', 'Staff', 'staff@example.com', 1, '2026-12-01', '2026-12-01')`).run();
    const staff = createSqliteStaffAccess(db);
    await staff.grant("staff@example.com", "all");
    const app = checkInsRoute({
      checkIns: createSqliteCheckIns(db),
      staff,
      tickets: { ordersOfEvent: async () => [] },
      events: async () => [],
      verificationKeys: signer.publicKeys,
      sessions: cookieSessionVerifier({ verify: async () => ({ uid: "staff", email: "staff@example.com", emailVerified: true, displayName: null }) }, { secure: false }),
      allowedOrigins: ["http://bench"],
    });
    const perGate = Array.from({ length: GATES }, (_, gate) =>
      tickets
        .filter((_, ticket) => ticket % GATES === gate || (ticket % 20 === 0 && ticket % GATES === (gate + 1) % GATES))
        .map((ticket): DeviceCheckIn => ({ checkInId: randomUUID(), ticketId: ticket.ticketId, gate: `Puerta ${gate + 1}`, deviceId: `kiosk-${gate}`, scannedAt: new Date().toISOString() })),
    );
    const sent = perGate.reduce((sum, checkIns) => sum + checkIns.length, 0);
    let duplicates = 0;
    const syncStarted = performance.now();
    await Promise.all(
      perGate.map(async (checkIns) => {
        for (let start = 0; start < checkIns.length; start += BATCH) {
          const response = await app.request(`/events/${EVENT_ID}/check-ins`, {
            method: "POST",
            headers: { Origin: "http://bench", "Content-Type": "application/json", Cookie: `${SESSION_COOKIE}=bench` },
            body: JSON.stringify({ checkIns: checkIns.slice(start, start + BATCH) }),
          });
          const answer = (await response.json()) as { results: { outcome: string }[] };
          duplicates += answer.results.filter((result) => result.outcome === "duplicate").length;
        }
      }),
    );
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    return { verificationsPerSecond, scans: SCANS, packTickets: TICKETS, gates: GATES, sent, duplicates, checkInsPerSecond: sent / syncSeconds, syncSeconds };
  } finally {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
