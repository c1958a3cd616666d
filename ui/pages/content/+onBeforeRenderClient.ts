import type { PageContextClient } from "vike/types";
import { loadBlockComponents } from "../../blocks/block-components";
import { blocksShown } from "../../blocks/blocks-shown";

// The page's blocks come in chunks of their own (its HTML asks for them up front): all of them are
// loaded before React renders, so hydration finds every component.
export async function onBeforeRenderClient(pageContext: PageContextClient) {
  await loadBlockComponents(blocksShown(pageContext.data));
}
