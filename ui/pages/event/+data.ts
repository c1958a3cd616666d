import type { PageContextServer } from "vike/types";
import { validEventId } from "./event-id";

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContextServer) {
  return { id: validEventId(pageContext) };
}
