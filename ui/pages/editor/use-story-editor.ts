import { useActorRef, useSelector } from "@xstate/react";
import { storyEditingActors, storyEditorMachine, storyEditorView, type LocaleCode } from "../../../core";
import { storyEditing } from "../../../composition/editor-browser";

/** The story editor machine of this page, with the editor's server as its effects; the page renders its view. */
export function useStoryEditor(signedIn: boolean, language: LocaleCode) {
  const actor = useActorRef(storyEditorMachine.provide({ actors: storyEditingActors(storyEditing) }), { input: { signedIn, language } });
  const view = useSelector(actor, storyEditorView);
  return { view, send: actor.send };
}
