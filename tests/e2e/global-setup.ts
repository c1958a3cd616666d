import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error -- a plain .mjs helper shared with npm start
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    scriptsUrl: string;
    sessionSecret: string;
    previewToken: string;
    /** The server's DATA_DIR: its SQLite file holds the mail outbox the account tests read links from. */
    dataDir: string;
  }
}

export const SESSION_SECRET = "e2e-session-secret-not-for-production";
export const CONTENT_PREVIEW_TOKEN = "e2e-preview-token";
export const CONTENT_SPACE_ID = 1000001;

/**
 * One production server (and one fixture server for the third-party scripts) per test run:
 * every e2e file talks to the same processes.
 */
export default async function setup(project: TestProject) {
  buildIfStale({ log: () => {} });
  const dataDir = mkdtempSync(join(tmpdir(), "arena-e2e-"));
  const fixtures = await startThirdPartyFixtures();
  const scriptsUrl = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET,
      CONTENT_PREVIEW_TOKEN,
      CONTENT_SPACE_ID: String(CONTENT_SPACE_ID),
      LOG_REQUESTS: "false",
      // Two processes, as on a 2-core machine: what one keeps in memory cannot be what the other needs.
      SERVER_WORKERS: "2",
      // Every browser of the run comes from 127.0.0.1: one address, so the forms' per-address limit is raised.
      FORMS_RATE_LIMIT: "1000",
      ROUTE_RULES: JSON.stringify([
        { from: "/es/entradas/", to: "/es/events/" },
        { from: "/en/box-office/", to: "https://tickets.example.org/arena", status: 302 },
      ]),
      COOKIE_CONSENT_SCRIPT_URL: `${scriptsUrl}/consent.js`,
      LIVE_CHAT_SCRIPT_URL: `${scriptsUrl}/chat.js`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseUrl, server);
  project.provide("baseUrl", baseUrl);
  project.provide("scriptsUrl", scriptsUrl);
  project.provide("sessionSecret", SESSION_SECRET);
  project.provide("previewToken", CONTENT_PREVIEW_TOKEN);
  project.provide("dataDir", dataDir);
  return async () => {
    server.kill("SIGTERM");
    fixtures.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function startThirdPartyFixtures(): Promise<Server> {
  const server = createServer((request, response) => {
    const name = request.url === "/consent.js" ? "consent" : request.url === "/chat.js" ? "chat" : undefined;
    if (!name) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/javascript" });
    response.end(`window.__thirdParty = (window.__thirdParty || []).concat(${JSON.stringify(name)});`);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not become healthy within 30 s");
}
