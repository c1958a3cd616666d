import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Debian's haproxy package (`apt-get install haproxy`; .ci/run installs it). */
export const HAPROXY = process.env.HAPROXY ?? "/usr/sbin/haproxy";

export interface Balancer {
  readonly url: string;
  /** Each backend server's name and whether haproxy's health check has it UP. */
  serverStates(): Promise<ReadonlyMap<string, string>>;
  stop(): Promise<void>;
}

export interface BalancerOptions {
  readonly port: number;
  readonly servers: readonly { readonly name: string; readonly port: number }[];
  /** The path haproxy checks each server on, every half second. */
  readonly checkPath: string;
}

/**
 * The configuration a deploying team would write: round-robin over every server that passes its
 * check, no stickiness (no cookie, no source hashing), the client's address in X-Forwarded-For; a
 * request whose connection fails is tried again on another server. Each answer says which server
 * gave it (X-Served-By), for the tests.
 */
export function haproxyConfig(options: BalancerOptions & { readonly statsSocket: string }): string {
  return [
    "global",
    "  maxconn 4096",
    `  stats socket ${options.statsSocket} mode 600 level admin`,
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 5s",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout",
    "frontend site",
    `  bind 127.0.0.1:${options.port}`,
    "  option forwardfor",
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk",
    // The check carries the site's own Host: the instances serve only the hosts they know.
    `  http-check send meth GET uri ${options.checkPath} ver HTTP/1.1 hdr Host 127.0.0.1:${options.port}`,
    "  http-check expect status 200",
    "  http-response set-header X-Served-By %[srv_name]",
    "  default-server inter 500ms fall 2 rise 2",
    // As long as the readiness route bounds its own checks (READY_CHECK_MS): left unset, a check
    // may take only `inter`, and a rush that keeps every instance busy for half a second took
    // all three out of the balancer at once.
    "  timeout check 2s",
    ...options.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    "",
  ].join("\n");
}

/** haproxy in the foreground with a generated configuration, its stats socket for the servers' states. */
export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), "arena-haproxy-"));
  const statsSocket = join(dir, "stats.sock");
  const config = join(dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig({ ...options, statsSocket }));
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-16_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (error) => reject(new Error(`${HAPROXY} could not start (${error.message}): install Debian's haproxy`)));
    child.once("exit", (code) => reject(new Error(`haproxy exited with code ${code}:\n${output}`)));
  });
  failed.catch(() => {});

  const serverStates = async () => {
    const csv = await statsCommand(statsSocket, "show stat");
    const states = new Map<string, string>();
    for (const line of csv.split("\n").slice(1)) {
      const [backend, server, ...fields] = line.split(",");
      if (backend === "instances" && server && server !== "BACKEND") states.set(server, fields[15] ?? "");
    }
    return states;
  };
  const balancer: Balancer = {
    url: `http://127.0.0.1:${options.port}`,
    serverStates,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await Promise.race([serverStates().catch(() => new Map<string, string>()), failed]);
    if (options.servers.every((server) => up.get(server.name) === "UP")) return balancer;
    if (Date.now() > deadline) {
      await balancer.stop();
      throw new Error(`haproxy did not see every instance UP within 30 s: ${JSON.stringify([...up])}\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One command on haproxy's stats socket; its whole answer. */
function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = "";
    connection.on("data", (chunk) => (answer += chunk.toString("utf8")));
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
    connection.write(`${command}\n`);
  });
}
