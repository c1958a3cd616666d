// The Firestore emulator for the tests (issue 50): Debian's google-cloud-cli-firestore-emulator
// package runs on the machine's Java 17 offline (firebase-tools' own needs Java 21 and a download).
// Data lives in memory only, gone when it stops. `node scripts/firestore-emulator.mjs` starts one by
// hand and prints the variable that points firebase-admin at it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { freePorts, killGroup, outputTail } from "./firebase-emulator.mjs";

/** Where the Debian package puts its launcher (`dpkg -L google-cloud-cli-firestore-emulator`); FIRESTORE_EMULATOR_LAUNCHER overrides it. */
export const FIRESTORE_EMULATOR_LAUNCHER =
  process.env.FIRESTORE_EMULATOR_LAUNCHER || "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator";

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Starts the Firestore emulator on free loopback ports, in its own process group (the launcher is a
 * shell script that runs Java as its child), and resolves once it answers. `stop()` ends the group.
 * @returns {Promise<{ host: string, url: string, stop: () => Promise<void> }>}
 */
export async function startFirestoreEmulator({ log = console.log, timeoutMs = READY_TIMEOUT_MS } = {}) {
  if (!existsSync(FIRESTORE_EMULATOR_LAUNCHER)) {
    throw new Error(
      `${FIRESTORE_EMULATOR_LAUNCHER} is missing: install Debian's google-cloud-cli-firestore-emulator (Google's apt repository, ` +
        "with openjdk-17-jre-headless; .ci/run shows how) or set FIRESTORE_EMULATOR_LAUNCHER",
    );
  }
  // Its WebSocket and WebChannel ports too: left to it, they are fixed or random and may clash.
  const [port, websocket, webchannel] = await freePorts(3);
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const started = Date.now();
  const child = spawn(
    FIRESTORE_EMULATOR_LAUNCHER,
    ["start", "--host=127.0.0.1", `--port=${port}`, `--websocket_port=${websocket}`, `--webchannel_port=${webchannel}`],
    { detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  const output = outputTail(child);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const failedToSpawn = new Promise((_, reject) => child.once("error", reject));

  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      killGroup(child.pid, "SIGTERM");
      const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), STOP_TIMEOUT_MS);
      // The launcher may be gone already while Java, in the same group, still stops.
      await (child.exitCode === null && child.signalCode === null ? exited : undefined);
      clearTimeout(timer);
      killGroup(child.pid, "SIGKILL");
    })());

  try {
    await Promise.race([
      waitUntilAnswering(url, timeoutMs),
      failedToSpawn,
      exited.then(({ code, signal }) => {
        throw new Error(`the emulator exited (${signal ?? `code ${code}`}) before it answered`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- cloud_firestore_emulator start ---\n${output.join("\n")}`, { cause: error });
  }
  log(`[firestore-emulator] Firestore emulator ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { host, url, stop };
}

/** The emulator answers `GET /` with "Ok" once it serves. */
async function waitUntilAnswering(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && (await response.text()).trim() === "Ok") return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the emulator did not answer within ${timeoutMs / 1000} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const emulator = await startFirestoreEmulator();
  console.log(`FIRESTORE_EMULATOR_HOST=${emulator.host}; Ctrl-C stops it`);
  const end = () => emulator.stop().then(() => process.exit(0));
  process.once("SIGINT", end);
  process.once("SIGTERM", end);
}
