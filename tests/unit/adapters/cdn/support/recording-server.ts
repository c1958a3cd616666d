import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A real HTTP server in a purge API's place: it records what it is sent and answers `status`. */
export async function startRecordingServer() {
  const received: RecordedRequest[] = [];
  const state = { status: 200 };
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    response.writeHead(state.status, { "Content-Type": "application/json" }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answerWith: (status: number) => (state.status = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
