// Part of `npm run bench` (issue 54): door check-ins (scripts/bench-check-ins.ts), through Vite's
// module runner. Runs alone too: `node scripts/bench-check-ins.mjs`.
import { withTypeScriptModules } from "./typescript-modules.mjs";

export function measureCheckIns() {
  return withTypeScriptModules(async (load) => (await load("/scripts/bench-check-ins.ts")).measureCheckIns());
}

export function printCheckIns(result) {
  console.log(`\nDoor check-ins (issue 54): one device, ${result.scans} signed QR codes verified and decided on a ${result.packTickets}-ticket pack:`);
  console.log(`  ${result.verificationsPerSecond.toFixed(0)} verifications/s`);
  console.log(`Sync: ${result.gates} gates at once, ${result.sent} check-ins in batches of 500 over the embedded SQLite (${result.duplicates} duplicates found):`);
  console.log(`  ${result.checkInsPerSecond.toFixed(0)} check-ins/s (${result.syncSeconds.toFixed(2)} s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) printCheckIns(await measureCheckIns());
