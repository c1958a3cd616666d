import { Hono } from "hono";
import type { ComponentDefinition } from "../../../core";
import type { SignedSessions } from "../../local/signed-session.adapter";
import { editorOnly } from "./editor-session.route";

/** The space's components (components.json), from which the editor builds its forms: for a signed-in editor only. */
export function editorComponentsRoute(options: { readonly components: () => readonly ComponentDefinition[]; readonly sessions: SignedSessions }): Hono {
  return new Hono().use(editorOnly(options.sessions)).get("/", (c) => c.json({ components: options.components() }));
}
