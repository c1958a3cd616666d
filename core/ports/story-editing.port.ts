import type { BlockContent } from "../domain/editor/block-tree.ops";
import type { NewStory } from "../domain/editor/editor.schema";
import type { ComponentDefinition } from "../domain/editor/component-schema";
import type { LocaleCode } from "../domain/locale/locale.settings";

/** A story in the editor's tree. */
export interface EditableStorySummary {
  readonly uuid: string;
  readonly id: number;
  readonly name: string;
  readonly fullSlug: string;
  readonly parentId: number | null;
  readonly isFolder: boolean;
  readonly component: string | null;
  readonly published: boolean;
  readonly unpublishedChanges: boolean;
  readonly version: string;
}

/** A story opened for editing: its draft, the version it was read at, and its preview links (signed by the server). */
export interface OpenedStory {
  readonly story: {
    readonly uuid: string;
    readonly id: number;
    readonly name: string;
    readonly fullSlug: string;
    readonly published: boolean;
    readonly unpublishedChanges: boolean;
  };
  readonly content: BlockContent;
  readonly version: string;
  /** A publish replaced an earlier published version, which undoPublish brings back. */
  readonly canUndoPublish: boolean;
  readonly previews: Readonly<Record<LocaleCode, string>>;
}

/** An image in the space's assets, as stories store it (`filename` is the site's URL path). */
export interface EditorAsset {
  readonly id: number;
  readonly filename: string;
  readonly alt: string;
  readonly title: string;
  readonly shortFilename: string;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Why the editor's server refused: a message key to show (the server's, translated), and for
 * content the site could not read, the reasons. `stale`: the story changed since it was opened.
 */
export interface StoryEditingFailure {
  readonly reason: "stale" | "invalid" | "wrong-password" | "too-many-requests" | "signed-out" | "unavailable";
  readonly message: string;
  readonly issues: readonly string[];
}

/**
 * Browser side: the embedded editor's server (its stories, components and assets, behind a
 * password). Every write names the version it was based on. Methods reject with a
 * StoryEditingFailure.
 */
export interface StoryEditing {
  signIn(password: string): Promise<void>;
  signOut(): Promise<void>;
  stories(): Promise<readonly EditableStorySummary[]>;
  /** The space's components, their names (components', fields', hints, options') in the editor's language. */
  components(language: LocaleCode): Promise<readonly ComponentDefinition[]>;
  open(uuid: string): Promise<OpenedStory>;
  /** Creates an unpublished story; returns its uuid. */
  createStory(story: NewStory): Promise<string>;
  /** Returns the new version. */
  saveDraft(uuid: string, content: BlockContent, version: string): Promise<string>;
  publish(uuid: string, version: string): Promise<string>;
  discardDraft(uuid: string, version: string): Promise<string>;
  /** Publishes again the version the last publish replaced; what was published stays as the draft. */
  undoPublish(uuid: string, version: string): Promise<string>;
  assets(): Promise<readonly EditorAsset[]>;
  uploadAsset(file: Blob, alt: string): Promise<EditorAsset>;
}
