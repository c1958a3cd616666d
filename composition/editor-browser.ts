import { createApiClient } from "../adapters/http/browser/api-client.adapter";
import { createStoryEditing } from "../adapters/http/browser/story-editing.adapter";
import { EDITOR_SIGN_IN_API_MESSAGES } from "../adapters/http/editor-api-messages";
import type { StoryEditing } from "../core";
import { browserLocale } from "./browser";

let editing: StoryEditing | undefined;

/** The embedded editor's port in the browser: only the editor's page imports this module. */
export function storyEditing(): StoryEditing {
  // The editor's session is an HttpOnly cookie: the browser sends it, the page never sees it.
  editing ??= createStoryEditing(createApiClient({ baseUrl: window.location.origin, locale: browserLocale, idToken: async () => null, messages: EDITOR_SIGN_IN_API_MESSAGES }));
  return editing;
}
