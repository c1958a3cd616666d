import type { PageContextServer } from "vike/types";
import { SESSION_COOKIE, isGenuinePreview, readCookie } from "../../core";

/** Per request, once: the signed-in user, and whether the CMS's editor is previewing drafts. */
export async function onCreatePageContext(pageContext: PageContextServer) {
  const { services } = pageContext.globalContext;
  const credential = readCookie(pageContext.headers?.cookie, SESSION_COOKIE);
  pageContext.sessionUser = credential ? await services.sessions.verify(credential) : null;

  const search = new URL(pageContext.urlOriginal, "http://localhost").searchParams;
  // SPEC §2: `_storyblok` marks an editor preview; the signed `_storyblok_tk` proves it.
  pageContext.contentPreview =
    search.has("_storyblok") && services.preview !== undefined
      ? await isGenuinePreview(
          { spaceId: search.get("_storyblok_tk[space_id]") ?? undefined, token: search.get("_storyblok_tk[token]") ?? undefined, timestamp: search.get("_storyblok_tk[timestamp]") ?? undefined },
          services.preview,
          Date.now(),
        )
      : false;
}
