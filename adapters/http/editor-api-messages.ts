/**
 * The text keys only the embedded editor's API gives as an error's message. Apart from
 * API_MESSAGES so that the site's pages are not sent the editor's texts: the editor's browser
 * adapter names them itself, by the error's code.
 */
export const EDITOR_API_MESSAGES = ["editor.error.stale", "editor.error.storyExists", "editor.error.unreadableImage"] as const;

export type EditorApiMessage = (typeof EDITOR_API_MESSAGES)[number];

/** What the editor's sign-in may be refused with besides the common keys (api-messages.ts). */
export const EDITOR_SIGN_IN_API_MESSAGES = ["account.error.wrongPassword", "account.error.tooManyRequests"] as const;

export type EditorSignInApiMessage = (typeof EDITOR_SIGN_IN_API_MESSAGES)[number];
