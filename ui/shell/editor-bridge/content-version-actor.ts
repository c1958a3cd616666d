import { createActor } from "xstate";
import { contentVersionMachine } from "../../../core";

/** The content version machine of a preview, started; loaded with XState only under the editor's preview (see useEditorBridge). */
export function startContentVersion<T>(story: T, onStory: (story: T) => void) {
  const actor = createActor(contentVersionMachine.provide({ actions: { reload: () => window.location.reload() } }), { input: { preview: true, story } });
  actor.subscribe((snapshot) => onStory(snapshot.context.story as T));
  actor.start();
  return actor;
}
