import type { PageContextServer } from "vike/types";

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Whether this site has the embedded editor (content from the embedded store; with Storyblok,
 * editors use Storyblok's), and whether the request carries an editor's session.
 */
export async function data(pageContext: PageContextServer) {
  const { editor } = pageContext.globalContext.services;
  return {
    available: editor !== undefined,
    signedIn: (await editor?.isSignedIn(pageContext.headers?.cookie)) ?? false,
  };
}
