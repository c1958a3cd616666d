import type { PageContextServer } from "vike/types";
import { SESSION_COOKIE, isGenuinePreview, previewQueryOf, readCookie } from "../../core";

/** Per request, once: the signed-in user, and whether the CMS's editor is previewing drafts. */
export async function onCreatePageContext(pageContext: PageContextServer) {
  const { services } = pageContext.globalContext;
  const credential = readCookie(pageContext.headers?.cookie, SESSION_COOKIE);
  pageContext.sessionUser = credential ? await services.sessions.verify(credential) : null;

  const preview = previewQueryOf(new URL(pageContext.urlOriginal, "http://localhost").searchParams);
  // SPEC §2: `_storyblok` marks an editor preview; the signed `_storyblok_tk` proves it.
  pageContext.contentPreview =
    preview.requested && services.preview !== undefined ? await isGenuinePreview(preview.request, services.preview, Date.now()) : false;
}
