import { VENUE } from "../venue/venue.settings";
import type { BlockContent } from "./block-tree.ops";
import { newBlock, type ComponentDefinition } from "./component-schema";
import { localInputToDateField } from "./date-field.ops";

/** A slug from a story's name: "Visita guiada al pavelló" → "visita-guiada-al-pavello". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** The content type a folder's stories have on this site (see story-path.ops.ts): pages elsewhere. */
export function contentTypeOfFolder(folderFullSlug: string | null): string {
  const top = folderFullSlug?.split("/")[0];
  const byFolder: Readonly<Record<string, string>> = { events: "event", restaurants: "restaurant", jobs: "job_offer", sponsors: "sponsor" };
  return (top && byFolder[top]) || "page";
}

/**
 * A new story's first content, one the site can read: its name in the title (or name) field and,
 * for an event, a date a month ahead at 21:00 in the venue (an event needs one; the editor sets it).
 */
export function newStoryContent(component: ComponentDefinition, name: string, uid: string, now: Date): BlockContent {
  const content: Record<string, unknown> = { ...newBlock(component, uid) };
  const nameField = "title" in component.schema ? "title" : "name" in component.schema ? "name" : undefined;
  if (nameField) content[nameField] = name.trim();
  if (component.name === "event") {
    const day = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    content.date_from = localInputToDateField(`${day}T21:00`, VENUE.timeZone);
  }
  return content;
}
