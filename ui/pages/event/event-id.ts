import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { isEventId } from "../../../core";

/** The route's validation (SPEC §2): an invalid id is a 404 that names the path. */
export function validEventId(pageContext: PageContextServer): string {
  const id = pageContext.routeParams.id ?? "";
  if (!isEventId(id)) throw render(404, { invalidPath: new URL(pageContext.urlOriginal, "http://localhost").pathname });
  return id;
}
