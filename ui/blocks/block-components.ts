import { lazy, type ComponentType } from "react";
import type { BlockComponent } from "../../core";
import type { BlockOf, BlockProps, BlockRegistry } from "./block-props";
import { BLOCK_MODULES } from "./block-modules";
import { loadQueue } from "./load-queue";

type AnyBlockComponent = ComponentType<BlockProps<BlockOf<BlockComponent>>>;

// One chunk per block: a page's browser code holds only the blocks the page shows.
const modules = import.meta.glob<Record<string, AnyBlockComponent>>(["./[A-Z]*.tsx", "!./Blocks.tsx"]);

/** SPEC §9: at most 4 block components load at once. */
export const BLOCK_LOADS_AT_ONCE = 4;
const queued = loadQueue(BLOCK_LOADS_AT_ONCE);

const ready = new Map<BlockComponent, AnyBlockComponent>();
const lazyComponents = new Map<BlockComponent, AnyBlockComponent>();

/** The server's way in: every block's component, imported up front (ui/pages/+onCreateGlobalContext.server.ts). */
export function provideBlockComponents(registry: BlockRegistry): void {
  for (const [name, component] of Object.entries(registry)) ready.set(name as BlockComponent, component as AnyBlockComponent);
}

async function load(name: BlockComponent): Promise<AnyBlockComponent> {
  const found = ready.get(name);
  if (found) return found;
  const module = BLOCK_MODULES[name];
  const exports = await queued(modules[`./${module}.tsx`]!);
  const component = exports[module]!;
  ready.set(name, component);
  return component;
}

/** Loads the blocks a page shows before the browser renders it, so hydration finds them all. */
export async function loadBlockComponents(names: Iterable<BlockComponent>): Promise<void> {
  await Promise.all([...names].map(load));
}

/** Whether the block's component is at hand, or must be loaded (a block the editor just added). */
export function isBlockComponentReady(name: BlockComponent): boolean {
  return ready.has(name);
}

/** The block's component: the loaded one, or one that loads it (under a Suspense boundary). */
export function blockComponent<K extends BlockComponent>(name: K): ComponentType<BlockProps<BlockOf<K>>> {
  const found = ready.get(name) ?? lazyComponents.get(name);
  if (found) return found as ComponentType<BlockProps<BlockOf<K>>>;
  const loading = lazy(async () => ({ default: await load(name) }));
  lazyComponents.set(name, loading);
  return loading as ComponentType<BlockProps<BlockOf<K>>>;
}
