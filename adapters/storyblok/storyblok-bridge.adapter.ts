import type { EditorBridge } from "../../core";

/** Storyblok's visual-editor bridge script. */
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

/** The editor bridge on Storyblok's script, loaded on first use (only inside a genuine preview). */
export function createStoryblokBridge(): EditorBridge {
  return {
    connect(onEvent) {
      let connected = true;
      const attach = () => {
        if (!window.StoryblokBridge || !connected) return;
        new window.StoryblokBridge().on(["input", "change", "published"], (event) => {
          if (!connected) return;
          if (event.action === "input" && event.story?.content) onEvent({ type: "input", content: event.story.content });
          else if (event.action === "change" || event.action === "published") onEvent({ type: event.action });
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
      // Storyblok's bridge has no way to detach a handler: stop forwarding instead.
      return () => {
        connected = false;
      };
    },
  };
}
