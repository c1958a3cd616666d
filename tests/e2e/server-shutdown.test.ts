import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { leadPayload } from "./support/lead-submissions";
import { ownServer, type OwnServer } from "./support/own-server";
import { eventually, serverStore } from "./support/server-store";

// Issue 50, item 4: SIGTERM cut every request under way (40 of 40, 11 of them form posts). The
// production server, on two worker processes, gets SIGTERM while slow clients are still sending
// their forms: each is answered, stored once, and the server exits 0.

const CLIENTS = 8;

/**
 * A form post sent as a slow client sends it, over a socket of its own: the headers with
 * `Expect: 100-continue`, and the body once told to. `underWay` resolves when a server process
 * has read the headers (Node answers 100 Continue then): the request is under way there.
 */
function slowPost(baseUrl: string, path: string, body: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  let received = "";
  let continued!: () => void;
  const underWay = new Promise<void>((resolve) => (continued = resolve));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      if (received.startsWith("HTTP/1.1 100")) continued();
    });
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  const bytes = Buffer.from(body, "utf8");
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\nOrigin: ${baseUrl}\r\nAccept-Language: en\r\nContent-Type: application/json\r\n` +
      `Idempotency-Key: ${randomUUID()}\r\nContent-Length: ${bytes.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  return {
    underWay,
    /** Sends the body; the final answer's status and JSON body. */
    async finish(): Promise<{ status: number; body: { id?: string } }> {
      socket.write(bytes);
      const text = await ended;
      const final = text.slice(text.lastIndexOf("HTTP/1.1 "));
      const [head = "", payload = ""] = final.split("\r\n\r\n");
      return { status: Number(head.split(" ")[1]), body: JSON.parse(payload || "{}") as { id?: string } };
    },
  };
}

let server: OwnServer | undefined;
afterAll(() => server?.dispose());

describe("SIGTERM with requests under way", () => {
  it("answers every slow form post, stores each once and exits 0", { timeout: 120_000 }, async () => {
    server = await ownServer({ SERVER_WORKERS: "2", FORMS_RATE_LIMIT: "1000" });
    await server.start();
    await eventually(() => server!.output().includes('"event":"server.workers-listening"'), "both workers listening", { timeoutMs: 60_000, everyMs: 50 });
    const posts = Array.from({ length: CLIENTS }, (_, n) => slowPost(server!.baseUrl, "/api/forms/contact", JSON.stringify(leadPayload("contact", n))));
    await Promise.all(posts.map((post) => post.underWay));

    const stopped = server.stop();
    // Both workers are stopping before the clients send their forms.
    await eventually(() => server!.output().split('"event":"server.stopping"').length - 1 === 2, "both workers stopping", { timeoutMs: 10_000, everyMs: 10 });
    const answers = await Promise.all(posts.map((post) => post.finish()));

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: CLIENTS }, () => 201));
    expect(await stopped).toBe(0);
    const leads = await serverStore(server.dataDir).leads();
    expect(leads.map((lead) => lead.id).sort()).toEqual(answers.map((answer) => answer.body.id).sort());
  });
});
