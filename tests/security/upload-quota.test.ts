import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNATTACHED_FILES_LIMIT } from "../../core";
import { ownServer, type OwnServer } from "../e2e/support/own-server";
import { pdfFile } from "../unit/support/cv-files";

// Anyone may upload a CV before sending the application that names it. Spread over addresses and
// the server's processes, uploads once filled the disk (100 × 5 MB from 5 addresses in 8.4 s, kept
// until a manual purge); a foreign page's multipart posts were parsed whole before their 403. A
// server of its own: the quota this fills would refuse the other tests' uploads.

let server: OwnServer;
beforeAll(async () => {
  // Five addresses, through a proxy the server trusts; no per-address limit in the way.
  server = await ownServer({ SERVER_WORKERS: "2", TRUSTED_PROXY: "1", FORMS_RATE_LIMIT: "1000" });
  await server.start();
}, 90_000);
afterAll(() => server?.dispose());

describe("anonymous uploads", () => {
  it("keeps at most the site's limit of unattached CVs, across addresses and processes, and refuses the rest with 503 and Retry-After", { timeout: 60_000 }, async () => {
    const bytes = pdfFile();
    const answers = await Promise.all(
      Array.from({ length: UNATTACHED_FILES_LIMIT + 20 }, (_, n) =>
        fetch(`${server.baseUrl}/api/forms/uploads`, {
          method: "POST",
          headers: { Origin: server.baseUrl, "Content-Type": "application/pdf", "X-File-Name": "cv.pdf", "X-Forwarded-For": `198.51.100.${n % 5}` },
          body: bytes,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(UNATTACHED_FILES_LIMIT);
    expect(statuses.filter((status) => status === 503)).toHaveLength(20);
    const refused = answers.find((answer) => answer.status === 503)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("validation.cv.busy");
    expect(readdirSync(join(server.dataDir, "files")).filter((name) => name.endsWith(".bin"))).toHaveLength(UNATTACHED_FILES_LIMIT);
  });

  it("refuses a foreign page's multipart post before its body arrives", { timeout: 30_000 }, async () => {
    const base = new URL(server.baseUrl);
    const status = await new Promise<number | "no answer before the body">((resolve, reject) => {
      const outgoing = request(
        {
          host: base.hostname,
          port: base.port,
          method: "POST",
          path: "/en/jobs/",
          headers: { Origin: "https://evil.example", "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024) },
        },
        (response) => {
          resolve(response.statusCode ?? 0);
          outgoing.destroy();
        },
      );
      outgoing.on("error", (error) => (outgoing.destroyed ? undefined : reject(error)));
      // A first 64 KB of the 5 MB declared; the rest never comes.
      outgoing.write(`--x\r\nContent-Disposition: form-data; name="form"\r\n\r\njob-application\r\n--x\r\n${"%".repeat(64 * 1024)}`);
      setTimeout(() => {
        resolve("no answer before the body");
        outgoing.destroy();
      }, 5_000);
    });
    expect(status).toBe(403);
  });
});
