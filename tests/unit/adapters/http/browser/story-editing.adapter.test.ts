import { describe, expect, it } from "vitest";
import type { ApiClient, ApiRequest } from "../../../../../adapters/http/browser/api-client.adapter";
import { ApiError } from "../../../../../adapters/http/browser/api-error";
import { createStoryEditing } from "../../../../../adapters/http/browser/story-editing.adapter";

/** An API client that answers from a table, and remembers what it was asked. */
function apiAnswering(answer: (path: string, request: ApiRequest) => unknown) {
  const asked: { path: string; request: ApiRequest }[] = [];
  const api: ApiClient = {
    request: async <T,>(path: string, request: ApiRequest = {}) => {
      asked.push({ path, request });
      const result = answer(path, request);
      if (result instanceof Error) throw result;
      return result as T;
    },
  };
  return { api, asked };
}

describe("the editor's server, over HTTP", () => {
  it("names each write's version and gives back the new one", async () => {
    const { api, asked } = apiAnswering(() => ({ version: "v2" }));
    const editing = createStoryEditing(api);
    expect(await editing.saveDraft("a/b", { _uid: "r", component: "page" }, "v1")).toBe("v2");
    expect(await editing.publish("u", "v2")).toBe("v2");
    expect(asked.map(({ path, request }) => [request.method, path, request.body])).toEqual([
      ["PUT", "/_editor/api/stories/a%2Fb/draft", { content: { _uid: "r", component: "page" }, version: "v1" }],
      ["POST", "/_editor/api/stories/u/publish", { version: "v2" }],
    ]);
  });

  it("turns refusals into the editor's failures, with the editor's own messages", async () => {
    const refuse = (status: number, code: string, message = "feedback.error.generic", issues: { path: string; message: string }[] = []) =>
      createStoryEditing(apiAnswering(() => new ApiError(status, code, message, undefined, issues)).api);
    await expect(refuse(409, "stale-version").saveDraft("u", {}, "v")).rejects.toEqual({ reason: "stale", message: "editor.error.stale", issues: [] });
    await expect(refuse(409, "story-exists").createStory({ name: "A", slug: "a", parentId: null, component: "page" })).rejects.toMatchObject({ reason: "invalid", message: "editor.error.storyExists" });
    await expect(refuse(422, "invalid-content", "feedback.error.generic", [{ path: "content", message: "default: title: required" }]).saveDraft("u", {}, "v")).rejects.toEqual({
      reason: "invalid",
      message: "editor.error.invalid",
      issues: ["default: title: required"],
    });
    await expect(refuse(401, "unauthorized").stories()).rejects.toMatchObject({ reason: "signed-out", message: "editor.error.signedOut" });
    await expect(refuse(401, "wrong-password", "account.error.wrongPassword").signIn("x")).rejects.toMatchObject({ reason: "wrong-password", message: "account.error.wrongPassword" });
    await expect(createStoryEditing(apiAnswering(() => new Error("boom")).api).stories()).rejects.toMatchObject({ reason: "unavailable", message: "feedback.error.generic" });
  });

  it("uploads an image as a form, and says why one is refused", async () => {
    const sent: FormData[] = [];
    const editing = createStoryEditing(apiAnswering(() => ({})).api, async (_path, form) => {
      sent.push(form);
      if (form.get("alt") === "broken") throw new ApiError(422, "unreadable-image", "feedback.error.generic");
      return { asset: { id: 7, filename: "/a/f/1/10x10/abc/x.png", alt: "Pista", title: "", shortFilename: "x.png", contentType: "image/png", width: 10, height: 10 } };
    });
    expect((await editing.uploadAsset(new Blob(["x"]), "Pista")).id).toBe(7);
    expect(sent[0]?.get("alt")).toBe("Pista");
    await expect(editing.uploadAsset(new Blob(["x"]), "broken")).rejects.toMatchObject({ reason: "invalid", message: "editor.error.unreadableImage" });
  });
});
