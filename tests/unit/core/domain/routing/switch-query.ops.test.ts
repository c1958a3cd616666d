import { describe, expect, it } from "vitest";
import { languageSwitchQuery, routes } from "../../../../../core";

describe("languageSwitchQuery", () => {
  it("keeps a mailed link's code or token on its own page, and nothing else", () => {
    expect(languageSwitchQuery(routes.verifyEmail.path(), { code: "abc", utm_source: "mail" })).toBe("?code=abc");
    expect(languageSwitchQuery(routes.resetPassword.path(), { oobCode: "x y", mode: "resetPassword" })).toBe("?oobCode=x+y");
    expect(languageSwitchQuery(routes.newsletterUnsubscribe.path(), { token: "t.s" })).toBe("?token=t.s");
    expect(languageSwitchQuery(routes.ticketCheck.path(), { t: "TA1.p.s", page: "2" })).toBe("?t=TA1.p.s");
    expect(languageSwitchQuery(routes.newsletterConfirm.path(), {})).toBe("");
  });

  it("keeps the page state only on every other page, so shared pages never carry a visitor's values", () => {
    expect(languageSwitchQuery("/events/", { page: "2", token: "t", code: "c" })).toBe("?page=2");
    expect(languageSwitchQuery("/", { code: "c" })).toBe("");
  });
});
