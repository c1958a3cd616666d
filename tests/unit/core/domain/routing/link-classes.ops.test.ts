import { describe, expect, it } from "vitest";
import { navLinkClasses } from "../../../../../core/domain/routing/link-classes.ops";

describe("navLinkClasses (SPEC §9)", () => {
  it("marks the current page exactly active and its section active", () => {
    expect(navLinkClasses("/events/", "/events/")).toBe("is-active is-exact-active");
    expect(navLinkClasses("/events/", "/events/jazz/")).toBe("is-active");
    expect(navLinkClasses("/contact/", "/events/")).toBe("");
  });

  it("never treats the home page as a section", () => {
    expect(navLinkClasses("/", "/events/")).toBe("");
    expect(navLinkClasses("/", "/")).toBe("is-active is-exact-active");
  });
});
