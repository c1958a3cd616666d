import { describe, expect, it } from "vitest";
import { buildMetaPath, isNewerBuild } from "../../../../../core/domain/build/build-meta.ops";

describe("build metadata", () => {
  it("is served per build id beside the latest-build file", () => {
    expect(buildMetaPath("mi3k2-abc123")).toBe("/_build/meta/mi3k2-abc123.json");
    expect(buildMetaPath("../x")).toBe("/_build/meta/..%2Fx.json");
  });

  it("calls a build newer only when it was made after the page's", () => {
    expect(isNewerBuild({ id: "b", builtAt: 2 }, { id: "a", builtAt: 1 })).toBe(true);
    expect(isNewerBuild({ id: "a", builtAt: 1 }, { id: "b", builtAt: 2 })).toBe(false);
    expect(isNewerBuild({ id: "a", builtAt: 1 }, { id: "a", builtAt: 1 })).toBe(false);
  });
});
