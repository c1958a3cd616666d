import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LocalSmtpServer, ReceivedMail } from "../../unit/adapters/mail/support/local-smtp-server";
import type { Balancer } from "./haproxy";
import type { ClusterInstance } from "./instance";

/**
 * The cluster's control plane, in the process that started it (vitest's main process): test files
 * run in workers of their own, and ask it over loopback HTTP to stop, start or replace an
 * instance, to take the SMTP server down or bring it back, and for the mails it received, as an
 * operator would act on a platform.
 */
export function startControlServer(parts: { instances: readonly ClusterInstance[]; smtp: LocalSmtpServer; balancer: Balancer }): Promise<Server> {
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    try {
      const path = new URL(request.url ?? "/", "http://control").pathname;
      if (request.method === "GET" && path === "/mails") return answer(200, parts.smtp.received satisfies readonly ReceivedMail[]);
      if (request.method === "POST" && path === "/smtp/stop") return answer(200, { smtp: (await parts.smtp.stop(), "stopped") });
      if (request.method === "POST" && path === "/smtp/start") return answer(200, { smtp: (await parts.smtp.start(), "started") });
      if (request.method === "GET" && path === "/balancer") return answer(200, Object.fromEntries(await parts.balancer.serverStates()));
      const [, , name, action] = path.split("/");
      const instance = parts.instances.find((candidate) => candidate.name === name);
      if (!path.startsWith("/instances/") || !instance) return answer(404, { error: `no ${path}` });
      if (request.method !== "POST") return answer(405, { error: request.method });
      switch (action) {
        case "stop":
          return answer(200, { exitCode: await instance.stop() });
        case "start":
          return answer(200, { started: (await instance.start(), name) });
        case "replace":
          return answer(200, { exitCode: await instance.replace() });
        default:
          return answer(404, { error: `no ${path}` });
      }
    } catch (error) {
      answer(500, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export const controlUrlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
