import { Hono, type Context } from "hono";
import { randomUUID } from "node:crypto";
import {
  LOCALE_CODES,
  localisePath,
  logicalPathOfStory,
  NewStory,
  newStoryContent,
  signedPreviewQuery,
  StoryDraft,
  StoryVersionRef,
  type ComponentDefinition,
  type LocaleSettings,
} from "../../../core";
import type { ContentStore } from "../../embedded/embedded-content/store/content-store.adapter";
import type { StoryWriteOutcome, StoryWriter } from "../../embedded/embedded-content/store/story-writer";
import type { EditorSessions } from "../../embedded/editor/editor-sessions";
import { apiError, decodeJsonBody } from "./api-error";
import { editorOnly } from "./editor-session.route";
import { sameOriginWrites } from "./origin-check.middleware";

export interface EditorStoriesOptions {
  /** The stories as they are on disk now. */
  readonly store: () => ContentStore;
  readonly writer: StoryWriter;
  /** The space's components: a new story's first content follows its content type's schema. */
  readonly components: () => readonly ComponentDefinition[];
  readonly sessions: EditorSessions;
  readonly publicOrigin: string;
  readonly locale: LocaleSettings;
  /** Signs the preview links of the editor's frame (the token stays on the server). */
  readonly preview: { readonly spaceId: number; readonly previewToken: string };
  readonly now?: () => number;
  /** Told the full slug of a story whose published version changed, to purge a CDN. */
  readonly onPublished?: (fullSlug: string) => void;
}

/**
 * The embedded editor's stories, for a signed-in editor only: the tree, one story's draft with
 * its version and the signed links of its preview in each language, and the writes (save a
 * draft, publish, discard the draft, undo the last publish), each based on the version the
 * editor saw: 409 when the story changed since, 422 with the reasons when the site could not
 * read the content.
 */
export function editorStoriesRoute(options: EditorStoriesOptions): Hono {
  const now = options.now ?? Date.now;
  const invalidContent = (c: Context, problems: readonly string[]) =>
    apiError(c, "invalid-content", { issues: problems.map((message) => ({ path: "content", message })) });
  const answer = (c: Context, outcome: StoryWriteOutcome) => {
    switch (outcome.outcome) {
      case "written":
      case "unchanged":
        return c.json({ outcome: outcome.outcome, version: outcome.version }, 200);
      case "stale":
        return apiError(c, "stale-version");
      case "not-found":
        return apiError(c, "not-found");
      case "invalid":
        return invalidContent(c, outcome.problems);
    }
  };
  const write = (action: "publish" | "discardDraft" | "undoPublish") => async (c: Context) => {
    const body = await decodeJsonBody(c, StoryVersionRef);
    if (!body.ok) return body.response;
    const uuid = c.req.param("uuid") ?? "";
    const outcome = await options.writer[action](uuid, body.value.version);
    // Discarding a draft leaves what visitors see as it was.
    if (outcome.outcome === "written" && action !== "discardDraft") {
      const story = options.store().entries.find((entry) => entry.uuid === uuid);
      if (story) options.onPublished?.(story.full_slug);
    }
    return answer(c, outcome);
  };

  return new Hono()
    .use(editorOnly(options.sessions))
    .use(sameOriginWrites([options.publicOrigin]))
    .get("/", (c) =>
      c.json({
        stories: options.store().entries.map((story) => ({
          uuid: story.uuid,
          id: story.id,
          name: story.name,
          fullSlug: story.full_slug,
          parentId: story.parent_id ?? null,
          isFolder: story.is_folder === true,
          component: (story.content as { component?: unknown } | null | undefined)?.component ?? null,
          published: story.published === true,
          unpublishedChanges: story.unpublished_changes === true,
          version: story.updated_at ?? "",
        })),
      }),
    )
    .post("/", async (c) => {
      const body = await decodeJsonBody(c, NewStory);
      if (!body.ok) return body.response;
      const component = options.components().find((candidate) => candidate.name === body.value.component && candidate.is_root === true);
      if (!component) return apiError(c, "unprocessable", { issues: [{ path: "component", message: "validation.select.required" }] });
      const created = await options.writer.createStory({
        name: body.value.name.trim(),
        slug: body.value.slug,
        parentId: body.value.parentId,
        content: { ...newStoryContent(component, body.value.name, randomUUID(), new Date(now())) },
      });
      switch (created.outcome) {
        case "created":
          return c.json({ uuid: created.uuid, version: created.version }, 201);
        case "exists":
          return apiError(c, "story-exists");
        case "not-found":
          return apiError(c, "not-found");
        case "invalid":
          return invalidContent(c, created.problems);
      }
    })
    .get("/:uuid", async (c) => {
      const store = options.store();
      const story = store.byUuid(c.req.param("uuid"));
      if (!story || story.is_folder) return apiError(c, "not-found");
      const query = await signedPreviewQuery(story.id, options.preview, now());
      // The global config story is the site's menus and contact details: the home shows them.
      const isGlobalConfig = (story.content as { component?: unknown } | null | undefined)?.component === "global_config";
      const logicalPath = isGlobalConfig ? "/" : logicalPathOfStory(story.full_slug);
      const previews = Object.fromEntries(
        LOCALE_CODES.map((locale) => [locale, `${localisePath(logicalPath.split("#")[0]!, locale, options.locale)}${query}`]),
      );
      return c.json({
        story: { uuid: story.uuid, id: story.id, name: story.name, fullSlug: story.full_slug, published: story.published === true, unpublishedChanges: story.unpublished_changes === true },
        content: store.contentOf(story, "draft") ?? {},
        version: story.updated_at ?? "",
        canUndoPublish: await options.writer.canUndoPublish(story.uuid),
        previews,
      });
    })
    .put("/:uuid/draft", async (c) => {
      const body = await decodeJsonBody(c, StoryDraft);
      if (!body.ok) return body.response;
      return answer(c, await options.writer.saveDraft(c.req.param("uuid"), body.value.content, body.value.version));
    })
    .post("/:uuid/publish", write("publish"))
    .post("/:uuid/discard", write("discardDraft"))
    .post("/:uuid/undo", write("undoPublish"));
}
