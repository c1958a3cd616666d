import type { ApiClient } from "../adapters/http/browser/api-client.adapter";
import type { WaitingRoomClient } from "../core";

/**
 * The waiting room's client in the browser: only the tickets page's queue imports this module, so
 * that the services every page loads (composition/browser.ts) do not carry it.
 */
export async function waitingRoomClient(api: ApiClient): Promise<WaitingRoomClient> {
  return (await import("../adapters/http/browser/waiting-room-client.adapter")).createWaitingRoomClient(api);
}
