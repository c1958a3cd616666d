import { describe, expect, it } from "vitest";
import { signInReasonOf } from "../../../../../core/domain/routing/sign-in-reason.ops";

describe("signInReasonOf (issue 49)", () => {
  it("says a buyer sent from an event's tickets page signs in to buy, in any language", () => {
    for (const returnTo of ["/es/event/lua-serrano-marea-alta/tickets/", "/val/event/circ/tickets", "/event/circ/tickets/", "/en/event/circ/tickets/?session_id=cs_1"]) expect(signInReasonOf(returnTo), returnTo).toBe("buy-tickets");
  });

  it("says nothing for any other page, nothing given, or a path leading off the site", () => {
    for (const returnTo of [undefined, "", "/es/dashboard/", "/es/event/circ/", "/es/tickets/check/", "//evil.example/event/x/tickets/", "https://evil.example/en/event/x/tickets/"]) expect(signInReasonOf(returnTo), String(returnTo)).toBeUndefined();
  });
});
