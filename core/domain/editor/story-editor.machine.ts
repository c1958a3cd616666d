import { and, assign, fromPromise, setup } from "xstate";
import type { EditableStorySummary, EditorAsset, OpenedStory, StoryEditing, StoryEditingFailure } from "../../ports/story-editing.port";
import type { LocaleCode } from "../locale/locale.settings";
import { CONTENT_DEFAULT_LOCALE, type BlockContent } from "./block-tree.ops";
import type { ComponentDefinition } from "./component-schema";
import type { NewStory } from "./editor.schema";
import { fieldProblems, type FieldProblem } from "./field-checks.ops";

export interface StoryEditorInput {
  /** Whether the page was served to a signed-in editor (the session cookie is HttpOnly). */
  readonly signedIn: boolean;
  /** The language the editor speaks, and the one the preview and the translated fields start in. */
  readonly language: LocaleCode;
}

export interface EditorNotice {
  readonly tone: "success" | "error";
  /** A message key. */
  readonly message: string;
  readonly issues: readonly string[];
  /** A refusal for fields the site could not take: which, so that the editor can go to each. */
  readonly fields?: readonly FieldProblem[];
}

interface StoryEditorContext {
  readonly servedSignedIn: boolean;
  readonly stories: readonly EditableStorySummary[];
  readonly components: readonly ComponentDefinition[];
  readonly assets: readonly EditorAsset[];
  /** The language the editor speaks: the components are named in it. */
  readonly editorLanguage: LocaleCode;
  /** The language the preview shows and the translated fields are edited in. */
  readonly language: LocaleCode;
  readonly opened: OpenedStory | undefined;
  /** What the editor shows and the preview renders. */
  readonly draft: BlockContent | undefined;
  /** The draft as last stored: the draft differs from it while there are unsaved changes. */
  readonly saved: BlockContent | undefined;
  readonly version: string;
  /** The story asked for, while it opens or while the editor confirms leaving unsaved changes. */
  readonly requestedUuid: string | undefined;
  readonly selectedBlock: string | undefined;
  /** Counts each pick of a block: picking the one already selected shows it again (its block may have been folded since). */
  readonly selections: number;
  /** A save, publish or discard was refused because someone else changed the story. */
  readonly stale: boolean;
  /** A save or publish was refused for fields the site could not take: the form marks those still wrong. */
  readonly fieldsChecked: boolean;
  readonly notice: EditorNotice | undefined;
  readonly signInError: string | undefined;
  readonly lastUpload: EditorAsset | undefined;
}

export type StoryEditorEvent =
  | { type: "SIGN_IN"; password: string }
  | { type: "SIGN_OUT" }
  | { type: "RETRY" }
  | { type: "OPEN"; uuid: string }
  | { type: "CREATE"; story: NewStory }
  | { type: "CONFIRM_LEAVE" }
  | { type: "CANCEL_LEAVE" }
  | { type: "EDIT"; content: BlockContent }
  | { type: "SET_LANGUAGE"; language: LocaleCode }
  | { type: "SELECT_BLOCK"; uid: string | undefined }
  | { type: "SAVE" }
  | { type: "PUBLISH" }
  | { type: "DISCARD" }
  | { type: "UNDO_PUBLISH" }
  | { type: "RELOAD" }
  | { type: "DISMISS" }
  | { type: "UPLOAD"; file: Blob; alt: string };

interface Workspace {
  readonly stories: readonly EditableStorySummary[];
  readonly components: readonly ComponentDefinition[];
  readonly assets: readonly EditorAsset[];
}

/** A write's result: the story's new version and the content now stored as its draft. */
interface Written {
  readonly version: string;
  readonly content: BlockContent | undefined;
}

interface WriteInput {
  readonly uuid: string;
  readonly version: string;
  /** The draft to store first; undefined when nothing changed since the last save. */
  readonly content: BlockContent | undefined;
}

const GENERIC_FAILURE: StoryEditingFailure = { reason: "unavailable", message: "feedback.error.generic", issues: [] };

export function failureOf(error: unknown): StoryEditingFailure {
  if (typeof error === "object" && error !== null && "reason" in error && "message" in error) return error as StoryEditingFailure;
  return GENERIC_FAILURE;
}

const failureNotice = (error: unknown): EditorNotice => {
  const failure = failureOf(error);
  return { tone: "error", message: failure.message, issues: failure.issues };
};

const withSummary = (stories: readonly EditableStorySummary[], uuid: string | undefined, change: Partial<EditableStorySummary>) =>
  stories.map((story) => (story.uuid === uuid ? { ...story, ...change } : story));

const NOT_PROVIDED = () => Promise.reject(new Error("provided by storyEditingActors"));

/**
 * The embedded editor (SPEC §6 "Editor"): sign in, then a workspace of the story tree, the
 * components and the assets; one story open at a time, its draft edited in memory and written
 * by save, publish (which stores unsaved changes first) and discard, each naming the version it
 * was based on. A refused stale write keeps the editor's changes and says so; opening another
 * story with unsaved changes asks first. The effects are the StoryEditing port's (storyEditingActors).
 */
export const storyEditorMachine = setup({
  types: {
    context: {} as StoryEditorContext,
    input: {} as StoryEditorInput,
    events: {} as StoryEditorEvent,
  },
  actors: {
    signIn: fromPromise<void, { password: string }>(NOT_PROVIDED),
    signOut: fromPromise<void>(NOT_PROVIDED),
    loadWorkspace: fromPromise<Workspace, { language: LocaleCode }>(NOT_PROVIDED),
    openStory: fromPromise<OpenedStory, { uuid: string }>(NOT_PROVIDED),
    createStory: fromPromise<{ readonly uuid: string; readonly stories: readonly EditableStorySummary[] }, NewStory>(NOT_PROVIDED),
    saveDraft: fromPromise<Written, WriteInput>(NOT_PROVIDED),
    publish: fromPromise<Written, WriteInput>(NOT_PROVIDED),
    discardDraft: fromPromise<Written, WriteInput>(NOT_PROVIDED),
    undoPublish: fromPromise<Written, WriteInput>(NOT_PROVIDED),
    uploadAsset: fromPromise<EditorAsset, { file: Blob; alt: string }>(NOT_PROVIDED),
  },
  actions: {
    /**
     * A save or publish refused before it is sent, for fields the site could not take (see
     * fieldProblems): the notice lists them, the form marks them and the first one's block opens.
     * A translatable field's problem is in the default language's value: the form shows that
     * language then, and the notice says so.
     */
    noteFieldProblems: assign(({ context }) => {
      const found = context.draft ? fieldProblems(context.draft, context.components, context.language) : [];
      const toDefault = context.language !== CONTENT_DEFAULT_LOCALE && found.some((field) => field.translatable);
      const language = toDefault ? CONTENT_DEFAULT_LOCALE : context.language;
      // Listed as the form names them, in the language it now shows.
      const problems = toDefault && context.draft ? fieldProblems(context.draft, context.components, language) : found;
      return {
        language,
        fieldsChecked: true,
        selectedBlock: problems.find((field) => field.uid !== context.draft?._uid)?.uid ?? context.selectedBlock,
        selections: context.selections + 1,
        notice: {
          tone: "error",
          message: toDefault ? "editor.error.fieldsInDefaultLanguage" : "editor.error.fields",
          issues: problems.map((field) => field.label),
          fields: problems,
        } satisfies EditorNotice,
      };
    }),
    /** A write refused: why, and whether because someone else changed the story meanwhile. */
    noteRefusal: assign(({ event }) => {
      const error = "error" in event ? event.error : undefined;
      return { notice: failureNotice(error), stale: failureOf(error).reason === "stale" };
    }),
  },
  guards: {
    servedSignedIn: ({ context }) => context.servedSignedIn,
    dirty: ({ context }) => context.draft !== context.saved,
    signedOutFailure: ({ event }) => "error" in event && failureOf(event.error).reason === "signed-out",
    staleFailure: ({ event }) => "error" in event && failureOf(event.error).reason === "stale",
    fieldsHaveProblems: ({ context }) => context.draft !== undefined && fieldProblems(context.draft, context.components, context.language).length > 0,
  },
}).createMachine({
  id: "storyEditor",
  context: ({ input }) => ({
    servedSignedIn: input.signedIn,
    stories: [],
    components: [],
    assets: [],
    editorLanguage: input.language,
    language: input.language,
    opened: undefined,
    draft: undefined,
    saved: undefined,
    version: "",
    requestedUuid: undefined,
    selectedBlock: undefined,
    selections: 0,
    stale: false,
    fieldsChecked: false,
    notice: undefined,
    signInError: undefined,
    lastUpload: undefined,
  }),
  initial: "starting",
  on: {
    SET_LANGUAGE: { actions: assign({ language: ({ event }) => event.language }) },
    DISMISS: { actions: assign({ notice: undefined }) },
  },
  states: {
    starting: {
      always: [{ guard: "servedSignedIn", target: "loading" }, { target: "signedOut" }],
    },
    signedOut: {
      on: { SIGN_IN: "signingIn" },
    },
    signingIn: {
      invoke: {
        src: "signIn",
        input: ({ event }) => ({ password: event.type === "SIGN_IN" ? event.password : "" }),
        onDone: { target: "loading", actions: assign({ signInError: undefined }) },
        onError: { target: "signedOut", actions: assign({ signInError: ({ event }) => failureOf(event.error).message }) },
      },
    },
    loading: {
      invoke: {
        src: "loadWorkspace",
        input: ({ context }) => ({ language: context.editorLanguage }),
        onDone: {
          target: "workspace",
          actions: assign({ stories: ({ event }) => event.output.stories, components: ({ event }) => event.output.components, assets: ({ event }) => event.output.assets }),
        },
        onError: [
          { guard: "signedOutFailure", target: "signedOut" },
          { target: "loadFailed", actions: assign({ notice: ({ event }) => failureNotice(event.error) }) },
        ],
      },
    },
    loadFailed: {
      on: { RETRY: { target: "loading", actions: assign({ notice: undefined }) } },
    },
    signingOut: {
      invoke: { src: "signOut", onDone: "signedOut", onError: "signedOut" },
      exit: assign({ opened: undefined, draft: undefined, saved: undefined, version: "", stories: [], assets: [], notice: undefined, stale: false }),
    },
    workspace: {
      type: "parallel",
      on: { SIGN_OUT: "signingOut" },
      states: {
        story: {
          initial: "none",
          on: {
            EDIT: { guard: ({ context }) => context.draft !== undefined, actions: assign({ draft: ({ event }) => event.content }) },
            SELECT_BLOCK: { actions: assign({ selectedBlock: ({ event }) => event.uid, selections: ({ context }) => context.selections + 1 }) },
          },
          states: {
            none: {
              on: {
                OPEN: { target: "opening", actions: assign({ requestedUuid: ({ event }) => event.uuid }) },
                CREATE: { target: "creating", actions: assign({ notice: undefined }) },
              },
            },
            creating: {
              invoke: {
                src: "createStory",
                input: ({ event }) => (event.type === "CREATE" ? event.story : { name: "", slug: "", parentId: null, component: "" }),
                onDone: {
                  // The new story is in the tree and open.
                  target: "opening",
                  actions: assign({ stories: ({ event }) => event.output.stories, requestedUuid: ({ event }) => event.output.uuid }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "none", actions: assign({ notice: ({ event }) => failureNotice(event.error), opened: undefined, draft: undefined, saved: undefined }) },
                ],
              },
            },
            opening: {
              invoke: {
                src: "openStory",
                input: ({ context }) => ({ uuid: context.requestedUuid ?? "" }),
                onDone: {
                  target: "editing",
                  actions: assign({
                    opened: ({ event }) => event.output,
                    draft: ({ event }) => event.output.content,
                    saved: ({ event }) => event.output.content,
                    version: ({ event }) => event.output.version,
                    requestedUuid: undefined,
                    selectedBlock: undefined,
                    stale: false,
                    fieldsChecked: false,
                  }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "none", actions: assign({ notice: ({ event }) => failureNotice(event.error), requestedUuid: undefined, opened: undefined, draft: undefined, saved: undefined }) },
                ],
              },
            },
            editing: {
              on: {
                OPEN: [
                  { guard: "dirty", target: "leaving", actions: assign({ requestedUuid: ({ event }) => event.uuid }) },
                  { target: "opening", actions: assign({ requestedUuid: ({ event }) => event.uuid, notice: undefined }) },
                ],
                // Unsaved changes are saved or discarded first (the page offers no new story meanwhile).
                CREATE: { guard: ({ context }) => context.draft === context.saved, target: "creating", actions: assign({ notice: undefined }) },
                SAVE: [
                  { guard: and(["dirty", "fieldsHaveProblems"]), actions: "noteFieldProblems" },
                  { guard: "dirty", target: "saving", actions: assign({ notice: undefined }) },
                ],
                PUBLISH: [
                  { guard: "fieldsHaveProblems", actions: "noteFieldProblems" },
                  { target: "publishing", actions: assign({ notice: undefined }) },
                ],
                DISCARD: { target: "discarding", actions: assign({ notice: undefined }) },
                // Unsaved changes would be lost when the story is read back: save or discard them first.
                UNDO_PUBLISH: { guard: ({ context }) => context.opened?.canUndoPublish === true && context.draft === context.saved, target: "undoingPublish", actions: assign({ notice: undefined }) },
                RELOAD: { target: "opening", actions: assign({ requestedUuid: ({ context }) => context.opened?.story.uuid, notice: undefined }) },
              },
            },
            leaving: {
              on: {
                CONFIRM_LEAVE: { target: "opening", actions: assign({ notice: undefined }) },
                CANCEL_LEAVE: { target: "editing", actions: assign({ requestedUuid: undefined }) },
              },
            },
            saving: {
              invoke: {
                src: "saveDraft",
                input: ({ context }) => ({ uuid: context.opened?.story.uuid ?? "", version: context.version, content: context.draft }),
                onDone: {
                  target: "editing",
                  actions: assign({
                    version: ({ event }) => event.output.version,
                    saved: ({ event, context }) => event.output.content ?? context.saved,
                    opened: ({ context }) => context.opened && { ...context.opened, story: { ...context.opened.story, unpublishedChanges: true } },
                    stories: ({ context, event }) => withSummary(context.stories, context.opened?.story.uuid, { unpublishedChanges: true, version: event.output.version }),
                    notice: { tone: "success", message: "editor.notice.saved", issues: [] },
                  }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "editing", actions: "noteRefusal" },
                ],
              },
            },
            publishing: {
              invoke: {
                src: "publish",
                input: ({ context }) => ({ uuid: context.opened?.story.uuid ?? "", version: context.version, content: context.draft !== context.saved ? context.draft : undefined }),
                onDone: {
                  target: "editing",
                  actions: assign({
                    version: ({ event }) => event.output.version,
                    saved: ({ event, context }) => event.output.content ?? context.saved,
                    opened: ({ context }) => context.opened && { ...context.opened, canUndoPublish: true, story: { ...context.opened.story, published: true, unpublishedChanges: false } },
                    stories: ({ context, event }) =>
                      withSummary(context.stories, context.opened?.story.uuid, { published: true, unpublishedChanges: false, version: event.output.version }),
                    notice: { tone: "success", message: "editor.notice.published", issues: [] },
                  }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "editing", actions: "noteRefusal" },
                ],
              },
            },
            undoingPublish: {
              invoke: {
                src: "undoPublish",
                input: ({ context }) => ({ uuid: context.opened?.story.uuid ?? "", version: context.version, content: undefined }),
                onDone: {
                  // The earlier version is published again and what was published is the draft: read both back.
                  target: "opening",
                  actions: assign({
                    requestedUuid: ({ context }) => context.opened?.story.uuid,
                    stories: ({ context, event }) => withSummary(context.stories, context.opened?.story.uuid, { published: true, unpublishedChanges: true, version: event.output.version }),
                    notice: { tone: "success", message: "editor.notice.publishUndone", issues: [] },
                  }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "editing", actions: "noteRefusal" },
                ],
              },
            },
            discarding: {
              invoke: {
                src: "discardDraft",
                input: ({ context }) => ({ uuid: context.opened?.story.uuid ?? "", version: context.version, content: undefined }),
                onDone: {
                  // The draft on disk is the published story again: read it back.
                  target: "opening",
                  actions: assign({
                    requestedUuid: ({ context }) => context.opened?.story.uuid,
                    stories: ({ context, event }) => withSummary(context.stories, context.opened?.story.uuid, { unpublishedChanges: false, version: event.output.version }),
                    notice: { tone: "success", message: "editor.notice.discarded", issues: [] },
                  }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "editing", actions: "noteRefusal" },
                ],
              },
            },
          },
        },
        assets: {
          initial: "idle",
          states: {
            idle: {
              on: { UPLOAD: "uploading" },
            },
            uploading: {
              invoke: {
                src: "uploadAsset",
                input: ({ event }) => (event.type === "UPLOAD" ? { file: event.file, alt: event.alt } : { file: new Blob(), alt: "" }),
                onDone: {
                  target: "idle",
                  actions: assign({
                    assets: ({ context, event }) => [event.output, ...context.assets],
                    lastUpload: ({ event }) => event.output,
                    notice: { tone: "success", message: "editor.notice.uploaded", issues: [] },
                  }),
                },
                onError: [
                  { guard: "signedOutFailure", target: "#storyEditor.signedOut" },
                  { target: "idle", actions: assign({ notice: ({ event }) => failureNotice(event.error) }) },
                ],
              },
            },
          },
        },
      },
    },
  },
});

/** The machine's effects, from the StoryEditing port (made when an effect first runs: never while rendering on a server). */
export function storyEditingActors(port: () => StoryEditing) {
  return {
    signIn: fromPromise<void, { password: string }>(({ input }) => port().signIn(input.password)),
    signOut: fromPromise<void>(() => port().signOut()),
    loadWorkspace: fromPromise<Workspace, { language: LocaleCode }>(async ({ input }) => {
      const [stories, components, assets] = await Promise.all([port().stories(), port().components(input.language), port().assets()]);
      return { stories, components, assets };
    }),
    openStory: fromPromise<OpenedStory, { uuid: string }>(({ input }) => port().open(input.uuid)),
    createStory: fromPromise<{ readonly uuid: string; readonly stories: readonly EditableStorySummary[] }, NewStory>(async ({ input }) => {
      const uuid = await port().createStory(input);
      return { uuid, stories: await port().stories() };
    }),
    saveDraft: fromPromise<Written, WriteInput>(async ({ input }) => ({
      version: input.content ? await port().saveDraft(input.uuid, input.content, input.version) : input.version,
      content: input.content,
    })),
    publish: fromPromise<Written, WriteInput>(async ({ input }) => {
      const saved = input.content ? await port().saveDraft(input.uuid, input.content, input.version) : input.version;
      return { version: await port().publish(input.uuid, saved), content: input.content };
    }),
    discardDraft: fromPromise<Written, WriteInput>(async ({ input }) => ({ version: await port().discardDraft(input.uuid, input.version), content: undefined })),
    undoPublish: fromPromise<Written, WriteInput>(async ({ input }) => ({ version: await port().undoPublish(input.uuid, input.version), content: undefined })),
    uploadAsset: fromPromise<EditorAsset, { file: Blob; alt: string }>(({ input }) => port().uploadAsset(input.file, input.alt)),
  };
}
