import { sessionSecretOf } from "./session-secret";
import { resolve } from "node:path";
import type { Hono } from "hono";
import { editorAssetsRoute } from "../adapters/http/server/editor-assets.route";
import { editorComponentsRoute } from "../adapters/http/server/editor-components.route";
import { EDITOR_SESSION_SECONDS, editorSessionRoute, isEditorSession } from "../adapters/http/server/editor-session.route";
import { editorStoriesRoute } from "../adapters/http/server/editor-stories.route";
import { SIBLING_NOTES, siblingProcesses } from "../adapters/http/server/sibling-processes";
import type { SqliteDatabase } from "../adapters/embedded/database/open-database";
import { editorPassword } from "../adapters/embedded/editor/editor-password";
import { createEditorSessions } from "../adapters/embedded/editor/editor-sessions";
import { createSqliteEditorSessions } from "../adapters/embedded/editor/sqlite-editor-sessions.adapter";
import { schemaGlossary } from "../adapters/embedded/editor/schema-glossaries";
import { createAssetWriter } from "../adapters/embedded/embedded-content/store/asset-writer";
import { problemsBlockingSave, readComponents } from "../adapters/embedded/embedded-content/store/story-content-check";
import { createStoryWriter, removeLeftoverSnapshots } from "../adapters/embedded/embedded-content/store/story-writer";
import type { EditorSessionsPort, FailureCounters, Logger, RateLimiters } from "../core";
import type { AppConfig } from "./config";
import type { PublishedStoryPurge } from "./shared-cache";
import type { ContentWiring } from "./content";

/**
 * The embedded editor's API, on the embedded defaults only (with Storyblok, editors use
 * Storyblok's): its sign-in, the stories it reads and writes in the content folder, and the
 * images it lists and uploads into the assets folder the image service serves.
 */
const ASSETS_PATH = "/_editor/api/assets";

export interface EditorWiring {
  readonly routes: readonly { readonly path: string; readonly app: Hono }[];
  /** Paths that limit their bodies themselves (an image upload is larger than the API's limit). */
  readonly ownBodyLimits: readonly string[];
  /** Whether a request's cookies hold an editor's session (the editor's page renders its sign-in otherwise). */
  readonly isSignedIn: (cookieHeader: string | undefined) => Promise<boolean>;
  /** Settles once the password is in place: made and announced by the first process of a fresh DATA_DIR. */
  readonly ready: Promise<void>;
}

export function wireEditor(
  config: AppConfig,
  content: ContentWiring,
  logger: Logger,
  /** The embedded database, where the editor's sessions are kept for every server process (without Firebase). */
  db: SqliteDatabase,
  { rateLimiters, failureCounters }: { readonly rateLimiters: RateLimiters; readonly failureCounters: FailureCounters },
  purgePublished: PublishedStoryPurge,
): EditorWiring | undefined {
  const { embedded, preview } = content;
  if (!embedded || !preview) return undefined;
  const password = editorPassword({
    configured: config.editorPassword,
    dataDir: config.dataDir,
    secret: sessionSecretOf(config),
    // No secret in a production log: the password goes to a 0600 file beside its hash, and the log names the file.
    keepGeneratedInFile: config.production,
    announce: (notice) => {
      // Handed on this once: only its hash is kept. Set EDITOR_PASSWORD, or delete the hash file for a new one.
      logger.warn("editor.password-generated", { ...notice, signIn: `${config.publicOrigin}/_editor/` });
    },
  });
  password.ready.catch((error: unknown) => logger.error("editor.password-unavailable", { error: String(error) }));
  const sessions = createEditorSessions({ store: editorSessionsStore(config, db), passwordFingerprint: password.fingerprint, lifetimeSeconds: EDITOR_SESSION_SECONDS });
  const store = () => embedded.store.current();
  const readSpaceComponents = () => readComponents(embedded.directory, embedded.spaceId).components;
  const components = () => new Map(readSpaceComponents().map((component) => [component.name, component]));
  // Holding the folder's lock, as the writes below do: they wait for it.
  removeLeftoverSnapshots(embedded.directory, embedded.spaceId).then(
    (leftovers) => {
      if (leftovers.length > 0) logger.warn("editor.leftover-snapshots-removed", { files: leftovers });
    },
    (error: unknown) => logger.error("editor.leftover-snapshots-unchecked", { error: String(error) }),
  );
  const writer = createStoryWriter({
    dir: embedded.directory,
    spaceId: embedded.spaceId,
    problemsOf: (story) =>
      problemsBlockingSave(story, { components: components(), languages: store().languages, spaceId: embedded.spaceId }),
    afterWrite: () => {
      embedded.store.reload();
      siblingProcesses().tell(SIBLING_NOTES.contentWritten);
    },
  });
  const routes = [
    {
      path: "/_editor/api/session",
      app: editorSessionRoute({
        password,
        sessions,
        publicOrigin: config.publicOrigin,
        secureCookies: config.production,
        trustedProxies: config.trustedProxies,
        rateLimiters,
        failureCounters,
      }),
    },
    {
      path: "/_editor/api/stories",
      app: editorStoriesRoute({
        store,
        writer,
        components: readSpaceComponents,
        sessions,
        publicOrigin: config.publicOrigin,
        locale: config.locale,
        preview,
        onPublished: purgePublished,
      }),
    },
    {
      path: ASSETS_PATH,
      // The folder content.ts gives the image service: an upload is served as soon as it is written.
      app: editorAssetsRoute({ writer: createAssetWriter({ dir: resolve(embedded.directory, "assets"), spaceId: embedded.spaceId }), sessions, publicOrigin: config.publicOrigin }),
    },
    { path: "/_editor/api/components", app: editorComponentsRoute({ components: readSpaceComponents, glossary: schemaGlossary, sessions }) },
  ];
  return {
    routes,
    ownBodyLimits: [ASSETS_PATH],
    isSignedIn: (cookieHeader) => isEditorSession(cookieHeader, sessions),
    ready: password.ready.catch(() => undefined),
  };
}

/**
 * Where the editor's sessions are kept: in Firestore with FIREBASE_PROJECT_ID (several instances
 * behind a balancer, which sends the call after a sign-in to any of them), otherwise in the
 * embedded database that the server processes on DATA_DIR share.
 */
function editorSessionsStore(config: AppConfig, db: SqliteDatabase): EditorSessionsPort {
  if (config.identity.provider !== "firebase") return createSqliteEditorSessions(db);
  const { projectId } = config.identity;
  // firebase-admin is loaded only by a server that uses it (≈ 0.5 s and 40 MB).
  const store = import("../adapters/firebase/firestore-editor-sessions.adapter").then((module) => module.createFirestoreEditorSessionsForProject(projectId));
  return {
    open: async (session) => (await store).open(session),
    isOpen: async (digest, fingerprint, now) => (await store).isOpen(digest, fingerprint, now),
    close: async (digest) => (await store).close(digest),
  };
}
