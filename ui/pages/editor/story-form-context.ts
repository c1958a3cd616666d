import { createContext, useContext } from "react";
import type { BlockContent, ComponentDefinition, EditableStorySummary, EditorAsset, LocaleCode, FieldProblem } from "../../../core";

/** What every field of the open story's form reads, and the one way it changes the draft. */
export interface StoryFormContext {
  readonly components: readonly ComponentDefinition[];
  readonly stories: readonly EditableStorySummary[];
  readonly assets: readonly EditorAsset[];
  readonly language: LocaleCode;
  readonly selectedBlock: string | undefined;
  readonly selections: number;
  /** Fields a refused save or publish found wrong, and still wrong: marked. */
  readonly fieldProblems: readonly FieldProblem[];
  readonly uploading: boolean;
  readonly lastUpload: EditorAsset | undefined;
  /** Applies a change to the latest draft (several changes in one tick all land). */
  readonly change: (edit: (content: BlockContent) => BlockContent) => void;
  readonly upload: (file: File, alt: string) => void;
}

export const StoryFormContext = createContext<StoryFormContext | null>(null);

export function useStoryForm(): StoryFormContext {
  const context = useContext(StoryFormContext);
  if (!context) throw new Error("useStoryForm outside the story form");
  return context;
}
