/**
 * The text keys only the embedded editor's API gives as an error's message. Apart from
 * API_MESSAGES so that the site's pages are not sent the editor's texts: the editor's browser
 * adapter names them itself, by the error's code.
 */
export const EDITOR_API_MESSAGES = ["editor.error.stale", "editor.error.storyExists", "editor.error.unreadableImage"] as const;

export type EditorApiMessage = (typeof EDITOR_API_MESSAGES)[number];
