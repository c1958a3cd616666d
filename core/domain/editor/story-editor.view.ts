import type { SnapshotFrom } from "xstate";
import type { EditableStorySummary, EditorAsset, OpenedStory } from "../../ports/story-editing.port";
import type { LocaleCode } from "../locale/locale.settings";
import type { BlockContent } from "./block-tree.ops";
import type { ComponentDefinition } from "./component-schema";
import { fieldProblems, type FieldProblem } from "./field-checks.ops";
import type { EditorNotice, storyEditorMachine } from "./story-editor.machine";

export type StoryEditorScreen = "signIn" | "loading" | "loadFailed" | "workspace";
export type StoryActivity = "none" | "creating" | "opening" | "editing" | "leaving" | "saving" | "publishing" | "discarding" | "undoingPublish";

/** What the editor's page shows: one screen, and in the workspace the open story's state. */
export interface StoryEditorView {
  readonly screen: StoryEditorScreen;
  readonly signingIn: boolean;
  /** A message key: the password was wrong, or too many attempts. */
  readonly signInError: string | undefined;
  readonly stories: readonly EditableStorySummary[];
  readonly components: readonly ComponentDefinition[];
  readonly assets: readonly EditorAsset[];
  readonly language: LocaleCode;
  readonly activity: StoryActivity;
  readonly opened: OpenedStory | undefined;
  readonly draft: BlockContent | undefined;
  /** The version of the story as last read or written. */
  readonly version: string;
  /** Changes not yet saved as the draft. */
  readonly dirty: boolean;
  /** A write is under way: the buttons wait. */
  readonly busy: boolean;
  readonly stale: boolean;
  readonly selectedBlock: string | undefined;
  /** Changes with each pick of a block, the same one included: the form shows the block again. */
  readonly selections: number;
  /** After a save or publish refused for them: the fields the site still could not take, which the form marks. */
  readonly fieldProblems: readonly FieldProblem[];
  readonly notice: EditorNotice | undefined;
  readonly uploading: boolean;
  readonly lastUpload: EditorAsset | undefined;
}

// One empty list, so that a view without marks keeps the form's context as it was.
const NO_PROBLEMS: readonly FieldProblem[] = [];

const ACTIVITIES: readonly StoryActivity[] = ["creating", "opening", "editing", "leaving", "saving", "publishing", "discarding", "undoingPublish"];

export function storyEditorView(snapshot: SnapshotFrom<typeof storyEditorMachine>): StoryEditorView {
  const { context } = snapshot;
  const screen: StoryEditorScreen = snapshot.matches("workspace")
    ? "workspace"
    : snapshot.matches("loadFailed")
      ? "loadFailed"
      : snapshot.matches("signedOut") || snapshot.matches("signingIn")
        ? "signIn"
        : "loading";
  const activity = ACTIVITIES.find((state) => snapshot.matches({ workspace: { story: state } })) ?? "none";
  return {
    screen,
    signingIn: snapshot.matches("signingIn"),
    signInError: context.signInError,
    stories: context.stories,
    components: context.components,
    assets: context.assets,
    language: context.language,
    activity,
    opened: context.opened,
    draft: context.draft,
    version: context.version,
    dirty: context.draft !== context.saved,
    busy: activity === "creating" || activity === "saving" || activity === "publishing" || activity === "discarding" || activity === "undoingPublish" || activity === "opening",
    stale: context.stale,
    selectedBlock: context.selectedBlock,
    selections: context.selections,
    fieldProblems: context.fieldsChecked && context.draft ? fieldProblems(context.draft, context.components, context.language) : NO_PROBLEMS,
    notice: context.notice,
    uploading: snapshot.matches({ workspace: { assets: "uploading" } }),
    lastUpload: context.lastUpload,
  };
}
