import { describe, expect, it } from "vitest";
import { createAnswerCache } from "../../../../adapters/storyblok/answer-cache";

const counting = <T>(value: T) => {
  let loads = 0;
  return { load: async () => ((loads += 1), value), loads: () => loads };
};

describe("the content adapter's answer cache", () => {
  it("loads an answer once, and shares a load in flight with whoever asks meanwhile", async () => {
    const cache = createAnswerCache({ found: 10, missing: 10 });
    const home = counting({ title: "Inicio" });
    const [first, second] = await Promise.all([cache.answer("home", home.load), cache.answer("home", home.load)]);
    expect(await cache.answer("home", home.load)).toBe(first);
    expect(second).toBe(first);
    expect(home.loads()).toBe(1);
  });

  it("keeps at most its limit of misses, the latest, and never evicts a found answer for one", async () => {
    const cache = createAnswerCache({ found: 10, missing: 100 });
    const home = counting({ title: "Inicio" });
    await cache.answer("home", home.load);
    for (let n = 0; n < 5_000; n += 1) await cache.answer(`missing-${n}`, async () => null);
    expect(cache.size).toEqual({ found: 1, missing: 100 });
    await cache.answer("home", home.load);
    expect(home.loads()).toBe(1);
    const latest = counting(null);
    await cache.answer("missing-4999", latest.load);
    expect(latest.loads()).toBe(0);
    const first = counting(null);
    await cache.answer("missing-0", first.load);
    expect(first.loads()).toBe(1);
  });

  it("keeps at most its limit of found answers, the least recently used going first", async () => {
    const cache = createAnswerCache({ found: 3, missing: 3 });
    for (const key of ["a", "b", "c"]) await cache.answer(key, async () => key);
    await cache.answer("a", async () => "a again");
    await cache.answer("d", async () => "d");
    expect(cache.size.found).toBe(3);
    expect(await cache.answer("a", async () => "a again")).toBe("a");
    expect(await cache.answer("b", async () => "b again")).toBe("b again");
  });

  it("does not keep a failure: the next ask loads again", async () => {
    const cache = createAnswerCache({ found: 10, missing: 10 });
    await expect(cache.answer("home", () => Promise.reject(new Error("503")))).rejects.toThrow("503");
    expect(await cache.answer("home", async () => "Inicio")).toBe("Inicio");
  });

  it("forgets everything when cleared, and keeps no answer of a load that was in flight then", async () => {
    const cache = createAnswerCache({ found: 10, missing: 10 });
    await cache.answer("home", async () => "before");
    let finish: (value: string) => void = () => {};
    const inFlight = cache.answer("events", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish("before");
    await inFlight;
    expect(cache.size).toEqual({ found: 0, missing: 0 });
    expect(await cache.answer("home", async () => "after")).toBe("after");
    expect(await cache.answer("events", async () => "after")).toBe("after");
  });
});
