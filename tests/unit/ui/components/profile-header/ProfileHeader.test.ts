import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { ProfileHeader } from "../../../../../ui/components/profile-header/ProfileHeader";
import { renderHtml } from "../../support/render";

describe("ProfileHeader", () => {
  it("is the page's one heading, the greeting, who is signed in and the actions given", () => {
    const html = renderHtml(
      createElement(
        ProfileHeader,
        { title: "My account", greeting: "Hello, Ana", signedInAs: "Signed in as ana@example.com" },
        createElement("button", { type: "submit" }, "Sign out"),
      ),
    );
    expect(html.match(/<h1[^>]*>/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>My account<\/h1>/);
    expect(html).toMatch(/<p[^>]*>Hello, Ana<\/p>/);
    expect(html).toMatch(/<p>Signed in as ana@example.com<\/p><button type="submit">Sign out<\/button>/);
  });

  it("stands without actions", () => {
    expect(renderHtml(createElement(ProfileHeader, { title: "My account", greeting: "Hello", signedInAs: "Signed in as a@b.c" }))).not.toContain("<button");
  });
});
