import { describe, expect, it } from "vitest";
import { BRIDGE_READY, createEmbeddedBridge, type BridgeWindow } from "../../../../../../adapters/local/embedded-content/bridge/embedded-bridge.adapter";
import type { EditorBridgeEvent } from "../../../../../../core";

const EDITOR = "https://arena.example";

/** A framed page: its parent (the editor's window) and the message events it receives. */
function framedPage() {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin }) };
  const listeners = new Set<(event: MessageEvent) => void>();
  const host: BridgeWindow = {
    parent,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const receive = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    for (const listener of listeners) listener({ data, source: from.source ?? parent, origin: from.origin ?? EDITOR } as MessageEvent);
  };
  return { host, posted, receive, listeners };
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
    page.receive({ action: "enterEditmode" });
    expect(events).toEqual([]);
  });

  it("stops listening when disconnected, and does nothing outside a frame", () => {
    const page = framedPage();
    const disconnect = createEmbeddedBridge(EDITOR, page.host).connect(() => {});
    disconnect();
    expect(page.listeners.size).toBe(0);
    const alone = framedPage();
    const top: BridgeWindow = { ...alone.host, parent: null };
    createEmbeddedBridge(EDITOR, top).connect(() => {});
    expect(alone.posted).toEqual([]);
  });
});
