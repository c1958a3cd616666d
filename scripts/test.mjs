// `npm test`: type-checks, builds when stale, then runs every vitest project (unit, firebase, cluster, e2e) once.
import { spawnSync } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

function run(label, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("type-check", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]);
run("unit, property, model and architecture tests", ["node_modules/vitest/vitest.mjs", "run", "--project", "unit"]);
buildIfStale();
// Installs firebase-tools into a cache folder on the first run (≈ 5 min), then starts the Auth emulator (≈ 20 s)
// and Debian's Firestore emulator (≈ 2 s), once for both projects: the cluster's instances run on them too.
run("Firebase runners on the emulators, then three production instances behind haproxy", [
  "node_modules/vitest/vitest.mjs",
  "run",
  "--project",
  "firebase",
  "--project",
  "cluster",
]);
run("browser tests against the production build", ["node_modules/vitest/vitest.mjs", "run", "--project", "e2e"]);
