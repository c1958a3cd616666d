import type { TicketsClient } from "../core";
import { browserServices } from "./browser";

let client: Promise<TicketsClient> | undefined;

/**
 * The ticket store's API in the browser, loaded when first needed. Only the event and ticket
 * pages import this module: apart from the site's composition (browser.ts), which every page
 * loads, so no other page's code reaches the tickets client, nor the texts of its refusals.
 */
export function ticketsClient(): Promise<TicketsClient> {
  client ??= import("../adapters/http/browser/tickets-client.adapter").then(({ createTicketsClient }) => createTicketsClient(browserServices().api));
  return client;
}
