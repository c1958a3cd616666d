import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { contentQueryOf } from "../content-query";
import { validEventId } from "../event/event-id";
import { signedInGuard } from "../signed-in-guard";

/**
 * Buying is for signed-in users (issue 10). An event that does not exist is not found for anyone:
 * sending a visitor to sign in first would only lead them to the 404.
 */
export async function guard(pageContext: PageContextServer): Promise<void> {
  if (!pageContext.sessionUser) {
    const event = await pageContext.globalContext.services.content.event(validEventId(pageContext), contentQueryOf(pageContext));
    if (!event) throw render(404);
  }
  signedInGuard(pageContext);
}
