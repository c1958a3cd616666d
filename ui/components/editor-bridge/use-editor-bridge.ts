import { useEffect, useState } from "react";
import { createActor } from "xstate";
import { browserServices } from "../../../composition/browser";
import { contentVersionMachine, previewQueryOf } from "../../../core";

/** Storyblok's visual-editor bridge (SPEC §2), loaded only inside a genuine editor preview. */
const BRIDGE_SCRIPT = "https://app.storyblok.com/f/storyblok-v2-latest.js";

interface StoryblokBridgeEvent {
  readonly action: string;
  readonly story?: { readonly content?: unknown };
}
interface StoryblokBridge {
  on(events: readonly string[], handler: (event: StoryblokBridgeEvent) => void): void;
}
declare global {
  interface Window {
    StoryblokBridge?: new () => StoryblokBridge;
  }
}

/**
 * The content version machine for this page: published content for visitors; under the editor's
 * preview, `input` events replace the shown story's content (decoded by the server first, as
 * stored content is) and `change`/`published` reload. Returns the content to show.
 */
export function useEditorBridge<T>(preview: boolean, serverContent: T): T {
  const [shown, setShown] = useState<{ readonly from: T; readonly content: T }>({ from: serverContent, content: serverContent });

  // The machine runs only in the browser and only inside a preview: published renders (the
  // server's hot path) show the server's content as it is.
  useEffect(() => {
    if (!preview || !previewQueryOf(new URLSearchParams(window.location.search)).request.token) return;
    const actor = createActor(contentVersionMachine.provide({ actions: { reload: () => window.location.reload() } }), {
      input: { preview, story: serverContent },
    });
    actor.subscribe((snapshot) => setShown({ from: serverContent, content: snapshot.context.story as T }));
    actor.start();
    const attach = () => {
      if (!window.StoryblokBridge) return;
      new window.StoryblokBridge().on(["input", "change", "published"], (event) => {
        if (event.action === "input" && event.story?.content) void decodeForPreview(event.story.content).then((page) => page && actor.send({ type: "BRIDGE_INPUT", story: page }));
        else if (event.action === "published") actor.send({ type: "BRIDGE_PUBLISHED" });
        else if (event.action === "change") actor.send({ type: "BRIDGE_CHANGE" });
      });
    };
    if (window.StoryblokBridge) attach();
    else {
      const script = document.createElement("script");
      script.src = BRIDGE_SCRIPT;
      script.async = true;
      script.addEventListener("load", attach, { once: true });
      document.head.append(script);
    }
    return () => {
      actor.stop();
    };
  }, [preview, serverContent]);

  // New server content (another page) wins over what an earlier preview showed.
  return shown.from === serverContent ? shown.content : serverContent;
}

/** The server decodes what the editor typed; content that does not decode leaves the page as it was. */
async function decodeForPreview(content: unknown): Promise<unknown> {
  const previewToken = previewQueryOf(new URLSearchParams(window.location.search)).request;
  try {
    const answer = await browserServices().api.request<{ page: unknown }>("/api/content/preview", { method: "POST", body: { content, previewToken } });
    return answer.page;
  } catch {
    return undefined;
  }
}
