import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContextServer) {
  const user = pageContext.sessionUser;
  if (!user) throw render(401);
  return { email: user.email, displayName: user.displayName ?? user.email };
}
