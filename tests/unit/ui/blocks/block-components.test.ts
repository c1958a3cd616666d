import { describe, expect, it, vi } from "vitest";
import { BLOCK_COMPONENTS } from "../../../../core";
import { BLOCK_MODULES } from "../../../../ui/blocks/block-modules";

// Fresh modules for each test (the support's render provides every component to the shared ones),
// with the server's registry of the same module instances.
const freshBlockComponents = async () => {
  vi.resetModules();
  const { blockRegistry } = await import("../../../../ui/blocks/registry");
  return { ...(await import("../../../../ui/blocks/block-components")), blockRegistry };
};

describe("block components, as the browser loads them", () => {
  it("names a module for every block the core knows, and for unknown blocks", () => {
    expect(Object.keys(BLOCK_MODULES).sort()).toEqual([...BLOCK_COMPONENTS, "unknown"].sort());
  });

  it("loads each block's module to the very component the server renders it with", async () => {
    const { blockComponent, blockRegistry, isBlockComponentReady, loadBlockComponents } = await freshBlockComponents();
    const names = Object.keys(BLOCK_MODULES) as (keyof typeof BLOCK_MODULES)[];
    for (const name of names) expect(isBlockComponentReady(name), name).toBe(false);
    await loadBlockComponents(names);
    for (const name of names) {
      expect(isBlockComponentReady(name), name).toBe(true);
      expect(blockComponent(name), name).toBe(blockRegistry[name]);
    }
  });

  it("loads only the blocks asked for", async () => {
    const { isBlockComponentReady, loadBlockComponents } = await freshBlockComponents();
    await loadBlockComponents(["faqs", "text_component"]);
    expect(isBlockComponentReady("faqs")).toBe(true);
    expect(isBlockComponentReady("text_component")).toBe(true);
    expect(isBlockComponentReady("events")).toBe(false);
  });

  it("gives a block not loaded yet a component that loads it, the same one each time", async () => {
    const { blockComponent, blockRegistry, isBlockComponentReady } = await freshBlockComponents();
    const first = blockComponent("sponsors");
    expect(first).not.toBe(blockRegistry.sponsors);
    expect(blockComponent("sponsors")).toBe(first);
    expect(isBlockComponentReady("sponsors")).toBe(false);
  });

  it("has the server's components at hand once provided", async () => {
    const { blockComponent, blockRegistry, isBlockComponentReady, provideBlockComponents } = await freshBlockComponents();
    provideBlockComponents(blockRegistry);
    expect(isBlockComponentReady("events")).toBe(true);
    expect(blockComponent("events")).toBe(blockRegistry.events);
  });
});
