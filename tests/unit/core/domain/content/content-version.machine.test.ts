import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { contentVersionMachine, type ContentVersionInput } from "../../../../../core/domain/content/content-version.machine";

function start(input: ContentVersionInput) {
  const reloads: string[] = [];
  const machine = contentVersionMachine.provide({
    actions: { reload: ({ event }) => void reloads.push(event.type) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, reloads };
}

const SERVER_STORY = { name: "Home", content: { title: "Published" } };
const DRAFT_STORY = { name: "Home", content: { title: "Being edited" } };

describe("content version machine", () => {
  it("shows published content to visitors", () => {
    const { actor } = start({ preview: false, story: SERVER_STORY });
    expect(actor.getSnapshot().value).toBe("published");
    expect(actor.getSnapshot().context.story).toBe(SERVER_STORY);
  });

  it("ignores the bridge outside a preview", () => {
    const { actor, reloads } = start({ preview: false, story: SERVER_STORY });
    actor.send({ type: "BRIDGE_INPUT", story: DRAFT_STORY });
    actor.send({ type: "BRIDGE_CHANGE" });
    actor.send({ type: "BRIDGE_PUBLISHED" });
    expect(actor.getSnapshot().value).toBe("published");
    expect(actor.getSnapshot().context.story).toBe(SERVER_STORY);
    expect(reloads).toEqual([]);
  });

  it("shows draft content under the editor's preview", () => {
    const { actor } = start({ preview: true, story: SERVER_STORY });
    expect(actor.getSnapshot().value).toBe("draft");
    expect(actor.getSnapshot().context).toEqual({ preview: true, story: SERVER_STORY });
  });

  it("replaces the shown story on each bridge input, without reloading", () => {
    const { actor, reloads } = start({ preview: true, story: SERVER_STORY });
    actor.send({ type: "BRIDGE_INPUT", story: DRAFT_STORY });
    expect(actor.getSnapshot().context.story).toBe(DRAFT_STORY);
    const later = { ...DRAFT_STORY, content: { title: "Edited again" } };
    actor.send({ type: "BRIDGE_INPUT", story: later });
    expect(actor.getSnapshot().context.story).toBe(later);
    expect(actor.getSnapshot().value).toBe("draft");
    expect(reloads).toEqual([]);
  });

  it("reloads when the editor saves or publishes", () => {
    const { actor, reloads } = start({ preview: true, story: SERVER_STORY });
    actor.send({ type: "BRIDGE_CHANGE" });
    actor.send({ type: "BRIDGE_PUBLISHED" });
    actor.send({ type: "BRIDGE_CHANGE" });
    expect(reloads).toEqual(["BRIDGE_CHANGE", "BRIDGE_PUBLISHED", "BRIDGE_CHANGE"]);
    expect(actor.getSnapshot().value).toBe("draft");
    expect(actor.getSnapshot().context.story).toBe(SERVER_STORY);
  });

  it("does nothing on reload unless the host provides it", () => {
    const actor = createActor(contentVersionMachine, { input: { preview: true, story: SERVER_STORY } }).start();
    expect(() => actor.send({ type: "BRIDGE_CHANGE" })).not.toThrow();
    expect(actor.getSnapshot().status).toBe("active");
  });
});
