import type { Hono } from "hono";
import { editorSessionRoute } from "../adapters/http/server/editor-session.route";
import { editorStoriesRoute } from "../adapters/http/server/editor-stories.route";
import { editorPassword } from "../adapters/local/editor/editor-password";
import { readComponents, storyContentProblems } from "../adapters/local/embedded-content/store/story-content-check";
import { createStoryWriter } from "../adapters/local/embedded-content/store/story-writer";
import { createSignedSessions, sessionSecretFrom } from "../adapters/local/signed-session.adapter";
import type { Logger } from "../core";
import type { AppConfig } from "./config";
import type { ContentWiring } from "./content";

/**
 * The embedded editor's API, on the embedded defaults only (with Storyblok, editors use
 * Storyblok's): its sign-in, and the stories it reads and writes in the content folder.
 */
export function wireEditor(config: AppConfig, content: ContentWiring, logger: Logger): readonly { readonly path: string; readonly app: Hono }[] {
  const { embedded, preview } = content;
  if (!embedded || !preview) return [];
  const password = editorPassword({
    configured: config.editorPassword,
    dataDir: config.dataDir,
    announce: (generated, file) => {
      // Printed this once: only its hash is kept. Set EDITOR_PASSWORD, or delete the file for a new one.
      logger.warn("editor.password-generated", { password: generated, hashIn: file, signIn: `${config.publicOrigin}/_editor/` });
    },
  });
  password.ready.catch((error: unknown) => logger.error("editor.password-unavailable", { error: String(error) }));
  const sessions = createSignedSessions(sessionSecretFrom(config.sessionSecret, config.dataDir), { purpose: "editor" });
  const store = () => embedded.store.current();
  const components = () => new Map(readComponents(embedded.directory, embedded.spaceId).components.map((component) => [component.name, component]));
  const writer = createStoryWriter({
    dir: embedded.directory,
    spaceId: embedded.spaceId,
    contentVersion: () => store().cv,
    problemsOf: (story) =>
      storyContentProblems(story, { components: components(), languages: store().languages, spaceId: embedded.spaceId }).map((problem) =>
        problem.where ? `${problem.where}: ${problem.message}` : problem.message,
      ),
    afterWrite: () => embedded.store.reload(),
  });
  return [
    {
      path: "/_editor/api/session",
      app: editorSessionRoute({ password, sessions, publicOrigin: config.publicOrigin, secureCookies: config.production, trustedProxies: config.trustedProxies }),
    },
    {
      path: "/_editor/api/stories",
      app: editorStoriesRoute({ store, writer, sessions, publicOrigin: config.publicOrigin, locale: config.locale, preview }),
    },
  ];
}
