import { afterEach, describe, expect, it, vi } from "vitest";
import { createStoryblokBridge } from "../../../../adapters/storyblok/storyblok-bridge.adapter";
import type { EditorBridgeEvent } from "../../../../core";

type Handler = (event: { action: string; story?: { content?: unknown } }) => void;

/** A page without Storyblok's script yet: the bridge adds it to the head and waits for it to load. */
function pageWithoutBridge() {
  const appended: { src: string; load: () => void }[] = [];
  const window: { StoryblokBridge?: new () => { on(events: readonly string[], handler: Handler): void } } = {};
  const document = {
    createElement: () => {
      const listeners: (() => void)[] = [];
      return { src: "", async: false, addEventListener: (_type: string, listener: () => void) => listeners.push(listener), fire: () => listeners.forEach((listener) => listener()) };
    },
    head: { append: (script: { src: string; fire: () => void }) => appended.push({ src: script.src, load: script.fire }) },
  };
  vi.stubGlobal("window", window);
  vi.stubGlobal("document", document);
  let handler: Handler | undefined;
  let subscribed: readonly string[] = [];
  const scriptLoads = () => {
    window.StoryblokBridge = class {
      on(events: readonly string[], given: Handler) {
        subscribed = events;
        handler = given;
      }
    };
    appended[0]!.load();
  };
  return { appended, scriptLoads, editorSends: (event: Parameters<Handler>[0]) => handler?.(event), subscribed: () => subscribed };
}

afterEach(() => vi.unstubAllGlobals());

describe("Storyblok's editor bridge", () => {
  it("loads Storyblok's script on first use and hands its input, change and published events on", () => {
    const page = pageWithoutBridge();
    const events: EditorBridgeEvent[] = [];
    createStoryblokBridge().connect((event) => events.push(event));
    expect(page.appended.map((script) => script.src)).toEqual(["https://app.storyblok.com/f/storyblok-v2-latest.js"]);
    page.scriptLoads();
    expect(page.subscribed()).toEqual(["input", "change", "published"]);
    page.editorSends({ action: "input", story: { content: { title: "Typed" } } });
    page.editorSends({ action: "change" });
    page.editorSends({ action: "published" });
    page.editorSends({ action: "input" });
    expect(events).toEqual([{ type: "input", content: { title: "Typed" } }, { type: "change" }, { type: "published" }]);
  });

  it("stops forwarding once disconnected, even before the script has loaded", () => {
    const page = pageWithoutBridge();
    const events: EditorBridgeEvent[] = [];
    const disconnect = createStoryblokBridge().connect((event) => events.push(event));
    disconnect();
    page.scriptLoads();
    page.editorSends({ action: "change" });
    expect(events).toEqual([]);
  });
});
