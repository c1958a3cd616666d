import { useActorRef, useSelector } from "@xstate/react";
import { storyEditingActors, storyEditorMachine, storyEditorView, type LocaleCode } from "../../../core";
import { storyEditing } from "../../../composition/editor-browser";

/** The machine with the editor's server as its effects (made on first use, in the browser). */
const machine = storyEditorMachine.provide({ actors: storyEditingActors(storyEditing) });

/** The story editor machine of this page; the page renders its view. */
export function useStoryEditor(signedIn: boolean, language: LocaleCode) {
  const actor = useActorRef(machine, { input: { signedIn, language } });
  const view = useSelector(actor, storyEditorView);
  return { view, send: actor.send };
}
