import { describe, expect, it } from "vitest";
import { createPeriodicTask } from "../../../../adapters/runtime/periodic-task";

const loggerInto = (errors: string[]) => ({ info: () => {}, warn: () => {}, error: (event: string) => void errors.push(event) });

describe("a periodic task", () => {
  it("runs a round at start, never two at once, and waits for the one under way on stop", async () => {
    let rounds = 0;
    let finish!: () => void;
    const task = createPeriodicTask(
      () => {
        rounds += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { everyMs: 1, logger: loggerInto([]), failedEvent: "test.failed" },
    );
    task.start();
    task.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rounds).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("logs a failed round and runs the next one", async () => {
    const errors: string[] = [];
    let rounds = 0;
    const task = createPeriodicTask(
      async () => {
        rounds += 1;
        if (rounds === 1) throw new Error("store down");
      },
      { everyMs: 5, logger: loggerInto(errors), failedEvent: "test.failed" },
    );
    task.start();
    await new Promise((resolve) => setTimeout(resolve, 40));
    await task.stop();
    expect(errors[0]).toBe("test.failed");
    expect(rounds).toBeGreaterThan(1);
  });
});
