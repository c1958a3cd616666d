import type { PageContextServer } from "vike/types";
import { isGenuinePreview, previewQueryOf } from "../../core";

/** Per request, once: the signed-in user, and whether the CMS's editor is previewing drafts. */
export async function onCreatePageContext(pageContext: PageContextServer) {
  const { services } = pageContext.globalContext;
  pageContext.sessionUser = await services.sessions.userOf(pageContext.headers?.cookie);

  const preview = previewQueryOf(new URL(pageContext.urlOriginal, "http://localhost").searchParams);
  // SPEC §2: `_storyblok` marks an editor preview; the signed `_storyblok_tk` proves it.
  pageContext.contentPreview =
    preview.requested && services.preview !== undefined ? await isGenuinePreview(preview.request, services.preview, Date.now()) : false;
}
