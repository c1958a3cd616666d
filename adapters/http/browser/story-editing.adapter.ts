import type { BlockContent, ComponentDefinition, EditableStorySummary, EditorAsset, OpenedStory, StoryEditing, StoryEditingFailure } from "../../../core";
import { isApiMessage } from "../api-messages";
import type { ApiClient } from "./api-client.adapter";
import { ApiError } from "./api-error";

const BASE = "/_editor/api";

/** What a refusal means to the editor: the server's code, read once here. */
const REASONS: Readonly<Record<string, { readonly reason: StoryEditingFailure["reason"]; readonly message?: string }>> = {
  "stale-version": { reason: "stale", message: "editor.error.stale" },
  "story-exists": { reason: "invalid", message: "editor.error.storyExists" },
  "unreadable-image": { reason: "invalid", message: "editor.error.unreadableImage" },
  unprocessable: { reason: "invalid" },
  "invalid-content": { reason: "invalid", message: "editor.error.invalid" },
  "wrong-password": { reason: "wrong-password" },
  "too-many-requests": { reason: "too-many-requests" },
  unauthorized: { reason: "signed-out", message: "editor.error.signedOut" },
};

function failureOf(error: unknown): StoryEditingFailure {
  if (!(error instanceof ApiError)) return { reason: "unavailable", message: "feedback.error.generic", issues: [] };
  const known = REASONS[error.code];
  return {
    reason: known?.reason ?? "unavailable",
    message: known?.message ?? error.message,
    issues: error.issues.map((issue) => issue.message),
  };
}

/**
 * The embedded editor's server, over HTTP (`/_editor/api/…`, its session an HttpOnly cookie the
 * browser sends): the StoryEditing port. Refusals become StoryEditingFailures.
 */
export function createStoryEditing(api: ApiClient, upload: (path: string, form: FormData) => Promise<unknown> = postForm): StoryEditing {
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw failureOf(error);
    }
  };
  return {
    signIn: (password) => call(() => api.request<void>(`${BASE}/session`, { method: "POST", body: { password } })),
    signOut: () => call(() => api.request<void>(`${BASE}/session`, { method: "DELETE" })),
    stories: () => call(async () => (await api.request<{ stories: EditableStorySummary[] }>(`${BASE}/stories`)).stories),
    components: (language) => call(async () => (await api.request<{ components: ComponentDefinition[] }>(`${BASE}/components?lang=${language}`)).components),
    createStory: (story) => call(async () => (await api.request<{ uuid: string }>(`${BASE}/stories`, { method: "POST", body: story })).uuid),
    open: (uuid) => call(() => api.request<OpenedStory>(`${BASE}/stories/${encodeURIComponent(uuid)}`)),
    saveDraft: (uuid, content: BlockContent, version) =>
      call(async () => (await api.request<{ version: string }>(`${BASE}/stories/${encodeURIComponent(uuid)}/draft`, { method: "PUT", body: { content, version } })).version),
    publish: (uuid, version) =>
      call(async () => (await api.request<{ version: string }>(`${BASE}/stories/${encodeURIComponent(uuid)}/publish`, { method: "POST", body: { version } })).version),
    discardDraft: (uuid, version) =>
      call(async () => (await api.request<{ version: string }>(`${BASE}/stories/${encodeURIComponent(uuid)}/discard`, { method: "POST", body: { version } })).version),
    undoPublish: (uuid, version) =>
      call(async () => (await api.request<{ version: string }>(`${BASE}/stories/${encodeURIComponent(uuid)}/undo`, { method: "POST", body: { version } })).version),
    assets: () => call(async () => (await api.request<{ assets: EditorAsset[] }>(`${BASE}/assets`)).assets),
    uploadAsset: (file, alt) =>
      call(async () => {
        const form = new FormData();
        form.set("file", file);
        form.set("alt", alt);
        return ((await upload(`${BASE}/assets`, form)) as { asset: EditorAsset }).asset;
      }),
  };
}

/** A multipart POST (the API client speaks JSON), refused as the API client refuses. */
async function postForm(path: string, form: FormData): Promise<unknown> {
  const response = await fetch(path, { method: "POST", body: form, credentials: "same-origin", headers: { Accept: "application/json" } }).catch((error: unknown) => {
    throw new ApiError(undefined, "network", String(error));
  });
  const payload = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } } | undefined;
  if (!response.ok) {
    const message = isApiMessage(payload?.error?.message) ? payload.error.message : "feedback.error.generic";
    throw new ApiError(response.status, payload?.error?.code ?? "http-error", message, undefined, payload?.error?.issues ?? []);
  }
  return payload;
}
