import { describe, expect, it } from "vitest";
import { createRenderQueue } from "../../../../../adapters/http/server/render-queue";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("render queue", () => {
  it("starts renders in the order they were asked for, a later request behind the earlier ones", async () => {
    const queue = createRenderQueue();
    const started: string[] = [];
    const render = (name: string, then?: () => void) => () => {
      started.push(name);
      then?.();
      return Promise.resolve(name);
    };
    let late: Promise<string> | undefined;
    const results = await Promise.all([
      queue.run(render("a", () => (late = queue.run(render("d"))))),
      queue.run(render("b")),
      queue.run(render("c")),
    ]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(await late).toBe("d");
    expect(started).toEqual(["a", "b", "c", "d"]);
  });

  it("starts one render per turn of the event loop, so requests read meanwhile take their place", async () => {
    const queue = createRenderQueue();
    const started: string[] = [];
    const first = queue.run(async () => started.push("first"));
    const second = queue.run(async () => started.push("second"));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual(["first"]);
    await nextTurn();
    expect(started).toEqual(["first", "second"]);
    await Promise.all([first, second]);
  });

  it("lets the next render start while one waits for the network", async () => {
    const queue = createRenderQueue();
    let answer: (value: string) => void = () => undefined;
    const waiting = queue.run(() => new Promise<string>((resolve) => (answer = resolve)));
    const quick = queue.run(async () => "quick");
    expect(await quick).toBe("quick");
    answer("from the network");
    expect(await waiting).toBe("from the network");
  });

  it("passes a render's failure to its request and goes on with the next", async () => {
    const queue = createRenderQueue();
    const failing = queue.run(() => Promise.reject(new Error("render failed")));
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("render failed");
    expect(await next).toBe("next");
  });

  it("skips a render whose client has gone by its turn, and goes on with the next", async () => {
    const queue = createRenderQueue();
    const started: string[] = [];
    const client = new AbortController();
    const first = queue.run(async () => started.push("first"));
    const gone = queue.run(async () => started.push("gone"), client.signal);
    const next = queue.run(async () => started.push("next"), new AbortController().signal);
    client.abort();
    await expect(gone).rejects.toMatchObject({ name: "AbortError" });
    await Promise.all([first, next]);
    expect(started).toEqual(["first", "next"]);
  });
});
