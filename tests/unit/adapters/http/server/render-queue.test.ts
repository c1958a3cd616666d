import { describe, expect, it } from "vitest";
import { createRenderQueue } from "../../../../../adapters/http/server/render-queue";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("render queue", () => {
  it("gives turns in the order they were asked for, a later request behind the earlier ones", async () => {
    const queue = createRenderQueue();
    const started: string[] = [];
    const render = async (name: string) => {
      await queue.turn();
      started.push(name);
      if (name === "a") late = render("d");
    };
    let late: Promise<void> | undefined;
    await Promise.all([render("a"), render("b"), render("c")]);
    await late;
    expect(started).toEqual(["a", "b", "c", "d"]);
  });

  it("gives one turn per turn of the event loop, so requests read meanwhile take their place", async () => {
    const queue = createRenderQueue();
    const started: string[] = [];
    const first = queue.turn().then(() => started.push("first"));
    const second = queue.turn().then(() => started.push("second"));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual(["first"]);
    await nextTurn();
    expect(started).toEqual(["first", "second"]);
    await Promise.all([first, second]);
  });

  it("gives the next turn while an earlier render still waits for the network", async () => {
    const queue = createRenderQueue();
    let answer: (value: string) => void = () => undefined;
    const waiting = queue.turn().then(() => new Promise<string>((resolve) => (answer = resolve)));
    const quick = queue.turn().then(() => "quick");
    expect(await quick).toBe("quick");
    answer("from the network");
    expect(await waiting).toBe("from the network");
  });

  it("refuses the turn of a request whose client has gone by then, and goes on with the next", async () => {
    const queue = createRenderQueue();
    const started: string[] = [];
    const client = new AbortController();
    const first = queue.turn().then(() => started.push("first"));
    const gone = queue.turn(client.signal).then(() => started.push("gone"));
    const next = queue.turn(new AbortController().signal).then(() => started.push("next"));
    client.abort();
    await expect(gone).rejects.toMatchObject({ name: "AbortError" });
    await Promise.all([first, next]);
    expect(started).toEqual(["first", "next"]);
  });
});
