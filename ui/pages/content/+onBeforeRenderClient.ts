import type { PageContextClient } from "vike/types";
import { blockComponentsIn } from "../../../core";
import { loadBlockComponents } from "../../blocks/block-components";

// The page's blocks come in chunks of their own (its HTML asks for them up front): all of them are
// loaded before React renders, so hydration finds every component.
export async function onBeforeRenderClient(pageContext: PageContextClient) {
  await loadBlockComponents(blockComponentsIn(pageContext.data));
}
