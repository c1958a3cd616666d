/** One line of the server's request log (adapters/http/server/request-log.middleware.ts). */
export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** A request the server made of itself (a page rendered afresh after a publish). */
  readonly background: boolean;
}

/** The request log's lines in a server's output, in order; its other lines left out. */
export function loggedRequests(output: string): LoggedRequest[] {
  return output.split("\n").flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { event?: string; background?: boolean; httpRequest?: { requestMethod?: string; requestUrl?: string; status?: number } };
      const request = entry.httpRequest;
      return entry.event === "request" && request?.requestMethod && request.requestUrl && request.status !== undefined
        ? [{ method: request.requestMethod, path: request.requestUrl, status: request.status, background: entry.background === true }]
        : [];
    } catch {
      return [];
    }
  });
}
