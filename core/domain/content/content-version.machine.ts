import { assign, setup } from "xstate";

export interface ContentVersionInput {
  /** The page was opened from the CMS's editor with a valid preview token (SPEC §2). */
  readonly preview: boolean;
  /** The story the server rendered. */
  readonly story: unknown;
}

interface ContentVersionContext {
  readonly preview: boolean;
  readonly story: unknown;
}

/** Storyblok bridge events (SPEC §4): input replaces the shown story; change and published reload. */
export type ContentVersionEvent =
  | { type: "BRIDGE_INPUT"; story: unknown }
  | { type: "BRIDGE_CHANGE" }
  | { type: "BRIDGE_PUBLISHED" };

/** Published (cached) content for visitors, draft content under the editor's bridge. `reload` is provided by the host. */
export const contentVersionMachine = setup({
  types: { context: {} as ContentVersionContext, input: {} as ContentVersionInput, events: {} as ContentVersionEvent },
  actions: { reload: () => {} },
  guards: { isPreview: ({ context }) => context.preview },
}).createMachine({
  id: "contentVersion",
  context: ({ input }) => ({ preview: input.preview, story: input.story }),
  initial: "deciding",
  states: {
    deciding: {
      always: [{ guard: "isPreview", target: "draft" }, { target: "published" }],
    },
    published: {},
    draft: {
      on: {
        BRIDGE_INPUT: { actions: assign({ story: ({ event }) => event.story }) },
        BRIDGE_CHANGE: { actions: "reload" },
        BRIDGE_PUBLISHED: { actions: "reload" },
      },
    },
  },
});
