// The Firebase Auth emulator for the tests (issue 8): firebase-tools is ≈ 300 MB and takes minutes
// to install, so it is no dependency of the site; the first run installs a pinned version into a
// cache folder and later runs reuse it. `node scripts/firebase-emulator.mjs` starts one by hand
// and prints the variables that point the SDKs at it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const FIREBASE_TOOLS_VERSION = "15.34.2";
/** A `demo-` project needs no Google account and never reaches a real project. */
export const EMULATOR_PROJECT_ID = "demo-arena";

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LINES_KEPT = 40;

/** `${XDG_CACHE_HOME:-~/.cache}/arena-site/firebase-tools-<version>`, or FIREBASE_TOOLS_DIR. */
export function firebaseToolsDir() {
  if (process.env.FIREBASE_TOOLS_DIR) return process.env.FIREBASE_TOOLS_DIR;
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(cache, "arena-site", `firebase-tools-${FIREBASE_TOOLS_VERSION}`);
}

const cliOf = (dir) => join(dir, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");

/**
 * The firebase CLI's entry file, installed on first use. npm installs into a fresh sibling folder
 * that is renamed into place once complete, so an interrupted install leaves nothing half-made and
 * two runs installing at once do not mix their files.
 */
export async function ensureFirebaseTools({ log = console.log } = {}) {
  const dir = firebaseToolsDir();
  if (existsSync(cliOf(dir))) return cliOf(dir);
  const parent = join(dir, "..");
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(`${dir}.installing-`);
  const started = Date.now();
  log(`[firebase-emulator] installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${dir} (once; ≈ 5 min)…`);
  try {
    // Its own package.json: the install never touches the site's, and npm 11 runs the build scripts
    // it needs (re2 builds with node-gyp here; protobufjs and google-logging-utils have scripts too).
    await writeFile(
      join(staging, "package.json"),
      `${JSON.stringify({ private: true, allowScripts: { re2: true, protobufjs: true, "google-logging-utils": true } }, null, 2)}\n`,
    );
    const npm = process.env.npm_execpath?.endsWith(".js") ? [process.execPath, process.env.npm_execpath] : ["npm"];
    const args = ["install", "--prefix", staging, "--no-audit", "--no-fund", "--save-exact", `firebase-tools@${FIREBASE_TOOLS_VERSION}`];
    await run(`npm could not install firebase-tools@${FIREBASE_TOOLS_VERSION}`, npm[0], [...npm.slice(1), ...args], {
      env: { ...withoutRunScriptSettings(process.env), NO_UPDATE_NOTIFIER: "1" },
      cwd: staging,
    });
    if (!existsSync(cliOf(staging))) throw new Error(`npm finished but ${cliOf(staging)} is missing`);
    try {
      await rename(staging, dir);
    } catch (error) {
      // Another run finished first: use its copy.
      if (!existsSync(cliOf(dir))) throw error;
      await rm(staging, { recursive: true, force: true });
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  log(`[firebase-emulator] firebase-tools installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return cliOf(dir);
}

/**
 * Starts the Auth emulator for `demo-arena` on free loopback ports, in its own process group, and
 * resolves once it reports ready. `stop()` ends the whole group (the CLI and what it spawned).
 * @returns {Promise<{ host: string, url: string, projectId: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ log = console.log, timeoutMs = READY_TIMEOUT_MS } = {}) {
  const cli = await ensureFirebaseTools({ log });
  const [port, hub, logging] = await freePorts(3);
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const dir = await mkdtemp(join(tmpdir(), "arena-auth-emulator-"));
  // Explicit ports for the hub and the log stream too: their defaults (4400, 4500) would clash
  // with another run on the same machine.
  const config = {
    emulators: {
      auth: { host: "127.0.0.1", port },
      hub: { host: "127.0.0.1", port: hub },
      logging: { host: "127.0.0.1", port: logging },
      ui: { enabled: false },
    },
  };
  await writeFile(join(dir, "firebase.json"), `${JSON.stringify(config, null, 2)}\n`);

  const started = Date.now();
  const child = spawn(process.execPath, [cli, "emulators:start", "--only", "auth", "--project", EMULATOR_PROJECT_ID], {
    cwd: dir,
    detached: true, // its own process group, killed as one
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...withoutEmulatorHosts(process.env), NO_UPDATE_NOTIFIER: "1" },
  });
  const output = outputTail(child);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child.pid, "SIGTERM");
        const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      // The CLI may leave children behind when it is killed hard; the group goes with it.
      killGroup(child.pid, "SIGKILL");
      await rm(dir, { recursive: true, force: true });
    })());

  try {
    await Promise.race([
      waitUntilReady(url, timeoutMs),
      exited.then(({ code, signal }) => {
        throw new Error(`the emulator exited (${signal ?? `code ${code}`}) before it was ready`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- firebase emulators:start ---\n${output.join("\n")}`, { cause: error });
  }
  log(`[firebase-emulator] Auth emulator ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { host, url, projectId: EMULATOR_PROJECT_ID, stop };
}

/** The emulator answers `GET /` with pretty-printed JSON: parse it, a literal match never succeeds. */
async function waitUntilReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && JSON.parse(await response.text())?.authEmulator?.ready === true) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the emulator was not ready after ${timeoutMs / 1000} s`);
}

/** The last lines a child process wrote, on stdout and stderr together: what a failure to start shows. */
export function outputTail(child, lines = OUTPUT_LINES_KEPT) {
  const output = [];
  const keep = (chunk) => {
    output.push(...String(chunk).split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - lines));
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return output;
}

/** Signals a process group started `detached` (the emulators' launchers leave children: Java, for one). */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Under `npm test`, npm hands its run's settings down as npm_* variables (the site's prefix and
 * package, an empty allow-scripts…): the install into the cache folder must not inherit them.
 * The user's own settings (registry, proxy, cafile, nodedir) stay.
 */
function withoutRunScriptSettings(env) {
  const run = /^npm_(package_|lifecycle_|command$|config_(prefix|global_prefix|local_prefix|allow_scripts|call|yes|save_exact)$)/i;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !run.test(name)));
}

/** The CLI must not be pointed at another emulator by the caller's environment. */
function withoutEmulatorHosts(env) {
  const copy = { ...env };
  for (const name of ["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "FIREBASE_EMULATOR_HUB"]) delete copy[name];
  return copy;
}

/** `count` loopback ports free at the time of asking, all different. */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", resolve);
      });
      servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Runs a command; its failure's message starts with `what` and the first error line, then the output's tail. */
function run(what, command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    const output = outputTail(child);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else {
        const cause = output.find((line) => /^npm error (?!(code|syscall|errno)\b)/.test(line)) ?? `${signal ?? `exit code ${code}`}`;
        reject(new Error(`${what}: ${cause.replace(/^npm error /, "")}\n--- ${command} ${args.join(" ")} ---\n${output.join("\n")}`));
      }
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const emulator = await startAuthEmulator();
  console.log(`FIREBASE_AUTH_EMULATOR_HOST=${emulator.host} (project ${emulator.projectId}); Ctrl-C stops it`);
  const end = () => emulator.stop().then(() => process.exit(0));
  process.once("SIGINT", end);
  process.once("SIGTERM", end);
}
