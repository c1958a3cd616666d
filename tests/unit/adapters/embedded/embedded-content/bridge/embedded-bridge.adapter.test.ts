import { describe, expect, it } from "vitest";
import { BRIDGE_READY, createEmbeddedBridge, type BridgeWindow } from "../../../../../../adapters/embedded/embedded-content/bridge/embedded-bridge.adapter";
import type { EditorBridgeEvent } from "../../../../../../core";

const EDITOR = "https://arena.example";

/** A framed page: its parent (the editor's window), the messages and clicks it receives, its root's data attributes. */
function framedPage() {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }) };
  const listeners = new Set<(event: MessageEvent) => void>();
  const clicks = new Set<(event: MouseEvent) => void>();
  const dataset: DOMStringMap = {};
  const host = {
    parent,
    document: { documentElement: { dataset } },
    addEventListener: (type: string, listener: (event: unknown) => void) => void (type === "click" ? clicks : listeners).add(listener),
    removeEventListener: (type: string, listener: (event: unknown) => void) => void (type === "click" ? clicks : listeners).delete(listener),
  } as unknown as BridgeWindow;
  const receive = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    for (const listener of listeners) listener({ data, source: from.source ?? parent, origin: from.origin ?? EDITOR } as MessageEvent);
  };
  /** A click on an element inside a block marked with `marker` (or on no block). */
  const click = (marker: string | null) => {
    let prevented = false;
    const target = { closest: () => (marker === null ? null : { getAttribute: () => marker }) };
    for (const listener of clicks) listener({ target, preventDefault: () => (prevented = true), stopPropagation: () => {} } as unknown as MouseEvent);
    return prevented;
  };
  return { host, posted, receive, click, dataset, listeners, clicks };
}

describe("the embedded editor's bridge", () => {
  it("tells the editor it listens, and hands the editor's input, change and published on", () => {
    const page = framedPage();
    const events: EditorBridgeEvent[] = [];
    createEmbeddedBridge(EDITOR, page.host).connect((event) => events.push(event));
    expect(page.posted).toEqual([{ message: BRIDGE_READY, targetOrigin: EDITOR }]);
    page.receive({ action: "input", story: { content: { title: "Typed" } } });
    page.receive({ action: "change" });
    page.receive({ action: "published" });
    expect(events).toEqual([{ type: "input", content: { title: "Typed" } }, { type: "change" }, { type: "published" }]);
  });

  it("hears nothing from another origin, another window or in another shape", () => {
    const page = framedPage();
    const events: EditorBridgeEvent[] = [];
    createEmbeddedBridge(EDITOR, page.host).connect((event) => events.push(event));
    page.receive({ action: "change" }, { origin: "https://evil.example" });
    page.receive({ action: "change" }, { source: { postMessage() {} } });
    page.receive({ action: "input" });
    page.receive("change");
    page.receive({ action: "enterEditmode" }, { origin: "https://evil.example" });
    expect(events).toEqual([]);
    expect(page.dataset.editing).toBeUndefined();
  });

  it("enters edit mode when the editor says so, and then selects a marked block in the editor instead of following its links", () => {
    const page = framedPage();
    const events: EditorBridgeEvent[] = [];
    createEmbeddedBridge(EDITOR, page.host).connect((event) => events.push(event));
    // Before edit mode a click is a click.
    expect(page.click(JSON.stringify({ name: "info_banner", uid: "b1", story: "s1" }))).toBe(false);
    page.receive({ action: "enterEditmode" });
    expect(page.dataset.editing).toBe("true");
    expect(events).toEqual([]);
    expect(page.click(JSON.stringify({ name: "info_banner", uid: "b1", story: "s1" }))).toBe(true);
    expect(page.posted.at(-1)).toEqual({ message: { action: "selectBlock", name: "info_banner", uid: "b1", story: "s1" }, targetOrigin: EDITOR });
    const before = page.posted.length;
    expect(page.click(null)).toBe(false);
    expect(page.click("not json")).toBe(false);
    expect(page.posted).toHaveLength(before);
  });

  it("stops listening when disconnected, and does nothing outside a frame", () => {
    const page = framedPage();
    const disconnect = createEmbeddedBridge(EDITOR, page.host).connect(() => {});
    page.receive({ action: "enterEditmode" });
    disconnect();
    expect(page.listeners.size).toBe(0);
    expect(page.clicks.size).toBe(0);
    expect(page.dataset.editing).toBeUndefined();
    const alone = framedPage();
    const top: BridgeWindow = { ...alone.host, parent: null };
    createEmbeddedBridge(EDITOR, top).connect(() => {});
    expect(alone.posted).toEqual([]);
  });
});
