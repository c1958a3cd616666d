import { describe, expect, it } from "vitest";
import { blocksShown } from "../../../../ui/blocks/blocks-shown";

describe("blocksShown", () => {
  it("names the blocks a page's data holds, worked out once for the same data", () => {
    const data = { page: { component: "page", _uid: "p", body: [{ _uid: "f", component: "faqs", items: [] }] } };
    const first = blocksShown(data);
    expect([...first]).toEqual(["faqs"]);
    expect(blocksShown(data)).toBe(first);
    expect([...blocksShown({ ...data })]).toEqual(["faqs"]);
  });

  it("finds none in a page without data", () => {
    expect(blocksShown(undefined).size).toBe(0);
  });
});
