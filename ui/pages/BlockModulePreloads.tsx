import { usePageContext } from "vike-react/usePageContext";
import { BLOCK_MODULES } from "../blocks/block-modules";
import { blocksShown } from "../blocks/blocks-shown";

/** In the page's head: the chunks of the blocks it shows, fetched with the page's own scripts. */
export function BlockModulePreloads() {
  const { globalContext, data } = usePageContext();
  // The head is rendered on the server only; the build's notes are there in production.
  const chunks = "services" in globalContext ? globalContext.services.blockChunks : undefined;
  if (!chunks) return null;
  const files = new Set([...blocksShown(data)].flatMap((name) => chunks.get(BLOCK_MODULES[name]) ?? []));
  return [...files].map((file) => <link key={file} rel="modulepreload" href={file} />);
}
