import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { sitePageAt } from "../../navigation/site-pages";

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContextServer) {
  const page = sitePageAt(pageContext.logicalPath);
  if (!page) throw render(404);
  return { pageId: page.id, titleKey: page.titleKey, descriptionKey: page.descriptionKey };
}
