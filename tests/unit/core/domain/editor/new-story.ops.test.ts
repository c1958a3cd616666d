import { describe, expect, it } from "vitest";
import { contentTypeOfFolder, newStoryContent, slugFromName, STORY_SLUG, type ComponentDefinition } from "../../../../../core";

describe("new stories", () => {
  it("make a slug from a name, accents and signs aside", () => {
    expect(slugFromName("Visita guiada al pavelló")).toBe("visita-guiada-al-pavello");
    expect(slugFromName("  ¡Año Nuevo 2027!  ")).toBe("ano-nuevo-2027");
    expect(slugFromName("¿?")).toBe("");
    for (const name of ["Ça va", "Dj Ñu — live", "a".repeat(200)]) expect(slugFromName(name)).toMatch(STORY_SLUG);
  });

  it("take the content type their folder holds on this site", () => {
    expect(contentTypeOfFolder("events")).toBe("event");
    expect(contentTypeOfFolder("restaurants")).toBe("restaurant");
    expect(contentTypeOfFolder("jobs")).toBe("job_offer");
    expect(contentTypeOfFolder("sponsors")).toBe("sponsor");
    expect(contentTypeOfFolder("pages")).toBe("page");
    expect(contentTypeOfFolder(null)).toBe("page");
  });

  it("start with their name in the title or name field, and an event with a date a month ahead in the venue's evening", () => {
    const event: ComponentDefinition = { name: "event", is_root: true, schema: { title: { type: "text" }, date_from: { type: "datetime" }, ticket_types: { type: "bloks" } } };
    const sponsor: ComponentDefinition = { name: "sponsor", is_root: true, schema: { name: { type: "text" } } };
    const now = new Date("2026-11-26T10:00:00Z");
    expect(newStoryContent(event, " Gala ", "u1", now)).toEqual({ _uid: "u1", component: "event", title: "Gala", ticket_types: [], date_from: "2026-12-26T21:00:00+01:00" });
    expect(newStoryContent(sponsor, "Brisalia", "u2", now)).toEqual({ _uid: "u2", component: "sponsor", name: "Brisalia" });
  });
});
