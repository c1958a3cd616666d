// Varnish (the Debian package) in front of a running site, with the VCL the site ships
// (deploy/varnish/site.vcl): for the CDN tests and the bench (issue 52). `node scripts/varnish.mjs
// <site port>` starts one by hand in front of http://127.0.0.1:<site port>.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const VARNISHD = process.env.VARNISHD_PATH ?? "/usr/sbin/varnishd";
const VARNISHSTAT = "/usr/bin/varnishstat";
const VCL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../deploy/varnish");
const READY_TIMEOUT_MS = 30_000;

/** A port free now on 127.0.0.1, to hand to a server that cannot report the one it took. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts varnishd in the foreground on `port` (free by default) in front of the site at
 * 127.0.0.1:`backendPort`, with a malloc store of `storageMb`; resolves once it answers HTTP.
 */
export async function startVarnish({ backendPort, port, storageMb = 64, log = () => {} }) {
  if (!existsSync(VARNISHD)) throw new Error(`${VARNISHD} is not installed (apt-get install -y varnish)`);
  const listenPort = port ?? (await freePort());
  const workDir = mkdtempSync(join(tmpdir(), "arena-varnish-"));
  // Varnish compiles the VCL as its own unprivileged user: it must be able to read the backend.
  chmodSync(workDir, 0o755);
  writeFileSync(join(workDir, "backend.vcl"), `backend site {\n  .host = "127.0.0.1";\n  .port = "${backendPort}";\n  .first_byte_timeout = 30s;\n}\n`);
  const child = spawn(
    VARNISHD,
    ["-F", "-n", join(workDir, "state"), "-a", `127.0.0.1:${listenPort}`, "-T", "none", "-s", `malloc,${storageMb}m`, "-p", `vcl_path=${workDir}:${VCL_DIR}`, "-f", join(VCL_DIR, "site.vcl")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const output = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      output.push(line);
      if (output.length > 40) output.shift();
      log(`[varnish] ${line}`);
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const url = `http://127.0.0.1:${listenPort}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited with ${child.exitCode}:\n${output.join("\n")}`);
    }
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      return { url, port: listenPort, stop, counters: () => counters(join(workDir, "state")) };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`varnishd did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output.join("\n")}`);
      }
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Requests Varnish has taken from clients, and how many it sent on to the site. */
function counters(stateDir) {
  const stats = JSON.parse(execFileSync(VARNISHSTAT, ["-n", stateDir, "-1", "-j", "-f", "MAIN.client_req", "-f", "MAIN.backend_req"], { encoding: "utf8" }));
  const counter = (name) => (stats.counters ?? stats)[name]?.value ?? 0;
  return { clientRequests: counter("MAIN.client_req"), backendRequests: counter("MAIN.backend_req") };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const backendPort = Number(process.argv[2] ?? 3000);
  const varnish = await startVarnish({ backendPort, log: console.log });
  console.log(`Varnish at ${varnish.url} in front of http://127.0.0.1:${backendPort} (Ctrl+C stops it)`);
  process.on("SIGINT", () => void varnish.stop().then(() => process.exit(0)));
}
