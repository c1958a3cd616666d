import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";

export type Data = Awaited<ReturnType<typeof data>>;

// The technical page can also render the site's error pages on purpose, so operators can check
// what visitors and monitors receive: `?status=404|500|503`.
const DEMONSTRABLE_STATUSES = { "404": 404, "500": 500, "503": 503 } as const;

export async function data(pageContext: PageContextServer) {
  const requested = pageContext.urlParsed.search.status;
  if (requested && requested in DEMONSTRABLE_STATUSES) {
    throw render(DEMONSTRABLE_STATUSES[requested as keyof typeof DEMONSTRABLE_STATUSES]);
  }
  return {};
}
