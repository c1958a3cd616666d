import { describe, expect, expectTypeOf, it } from "vitest";
import { resolveRoute } from "vike/routing";
import { DEFAULT_LOCALE_SETTINGS } from "../../../../../core/domain/locale/locale.settings";
import { localisePath, splitLocalePrefix } from "../../../../../core/domain/locale/locale.ops";
import { guardRoute } from "../../../../../core/domain/routing/route-guard.ops";
import { routes } from "../../../../../core/domain/routing/routes";

describe("routes: path builders", () => {
  it("builds each page's logical path, ending with a slash", () => {
    expect(routes.content.path({ slug: "" })).toBe("/");
    expect(routes.content.path({ slug: "events" })).toBe("/events/");
    expect(routes.content.path({ slug: "visit/getting-here" })).toBe("/visit/getting-here/");
    expect(routes.event.path({ id: "lua-serrano" })).toBe("/event/lua-serrano/");
    expect(routes.eventTickets.path({ id: "lua-serrano" })).toBe("/event/lua-serrano/tickets/");
    expect(routes.dashboard.path()).toBe("/dashboard/");
    expect(routes.login.path()).toBe("/login/");
    expect(routes.register.path()).toBe("/register/");
    expect(routes.apiHandler.path()).toBe("/_tmp/api-handler/");
  });

  it("encodes an event id as one path segment", () => {
    expect(routes.event.path({ id: "a b/c?d#e" })).toBe("/event/a%20b%2Fc%3Fd%23e/");
    expect(routes.eventTickets.path({ id: "../x" })).toBe("/event/..%2Fx/tickets/");
    expect(routes.event.path({ id: "ñu" })).toBe("/event/%C3%B1u/");
  });

  it("keeps a content slug as the CMS names it, without stray slashes", () => {
    expect(routes.content.path({ slug: "/about/" })).toBe("/about/");
    expect(routes.content.path({ slug: "a//b" })).toBe("/a/b/");
    expect(routes.content.path({ slug: "rock&roll" })).toBe("/rock&roll/");
  });

  it("adds an encoded returnTo to the login path, and leaves an empty one out", () => {
    expect(routes.login.path({ returnTo: "/es/dashboard/?tab=tickets&x=1" })).toBe(
      "/login/?returnTo=%2Fes%2Fdashboard%2F%3Ftab%3Dtickets%26x%3D1",
    );
    expect(routes.login.path({ returnTo: "" })).toBe("/login/");
    expect(routes.login.path({ returnTo: undefined })).toBe("/login/");
  });

  it("gives the route guard's redirect once localised", () => {
    const localised = (path: string) => localisePath(path, "val", DEFAULT_LOCALE_SETTINGS);
    const dashboard = localised(routes.dashboard.path());
    const outcome = guardRoute("signed-in", null, { path: dashboard, loginPath: localised(routes.login.path()) });
    expect(outcome).toEqual({ outcome: "redirected", to: localised(routes.login.path({ returnTo: dashboard })) });
  });

  it("types each builder's arguments (checked by the type-check, which fails on a loosened builder)", () => {
    expectTypeOf(routes.dashboard.path).parameters.toEqualTypeOf<[]>();
    expectTypeOf(routes.event.path).parameter(0).toHaveProperty("id").toEqualTypeOf<string>();
    expectTypeOf(routes.login.path).parameter(0).exclude<undefined>().toHaveProperty("returnTo").toEqualTypeOf<string | undefined>();
    // Never run: each call below must stay a type error.
    const misuses = () => {
      // @ts-expect-error an event page needs its id
      routes.event.path();
      // @ts-expect-error the dashboard takes no query
      routes.dashboard.path({ returnTo: "/" });
      // @ts-expect-error login knows returnTo only
      routes.login.path({ next: "/" });
    };
    expectTypeOf(misuses).returns.toBeVoid();
  });
});

describe("routes: Vike patterns", () => {
  const samples = {
    content: routes.content.path({ slug: "visit/getting-here" }),
    event: routes.event.path({ id: "lua-serrano" }),
    eventTickets: routes.eventTickets.path({ id: "lua-serrano" }),
    dashboard: routes.dashboard.path(),
    login: routes.login.path(),
    register: routes.register.path(),
    verifyEmail: routes.verifyEmail.path({ code: "abc" }),
    forgotPassword: routes.forgotPassword.path(),
    resetPassword: routes.resetPassword.path({ code: "abc" }),
    newsletterConfirm: routes.newsletterConfirm.path({ token: "abc.def" }),
    newsletterUnsubscribe: routes.newsletterUnsubscribe.path({ token: "abc.def" }),
    ticketCheck: routes.ticketCheck.path({ t: "TA1.abc.def" }),
    editor: routes.editor.path(),
    apiHandler: routes.apiHandler.path(),
  } satisfies Record<keyof typeof routes, string>;
  const pages = Object.keys(samples) as (keyof typeof routes)[];
  // Vike routes the path; the query (a mail link's code) is the page's to read.
  for (const name of pages) samples[name] = samples[name].split("?")[0]!;

  it("match each built path, with the builder's parameters", () => {
    expect(resolveRoute(routes.event.pattern, samples.event)).toEqual({ match: true, routeParams: { id: "lua-serrano" } });
    expect(resolveRoute(routes.eventTickets.pattern, samples.eventTickets)).toEqual({ match: true, routeParams: { id: "lua-serrano" } });
    for (const name of pages) expect(resolveRoute(routes[name].pattern, samples[name]).match, name).toBe(true);
  });

  it("are logical: a localised path matches once its prefix is stripped, as +onBeforeRoute does", () => {
    for (const name of pages) {
      const localised = localisePath(samples[name], "en", DEFAULT_LOCALE_SETTINGS);
      if (name !== "content") expect(resolveRoute(routes[name].pattern, localised).match, name).toBe(false);
      expect(resolveRoute(routes[name].pattern, splitLocalePrefix(localised).logicalPath).match, name).toBe(true);
    }
  });

  it("leave every path but the other pages' to the content catch-all, home included", () => {
    for (const name of pages) {
      const matching = pages.filter((other) => other !== "content" && resolveRoute(routes[other].pattern, samples[name]).match);
      expect(matching, name).toEqual(name === "content" ? [] : [name]);
      expect(resolveRoute(routes.content.pattern, samples[name]).match, name).toBe(true);
    }
    expect(resolveRoute(routes.content.pattern, routes.content.path({ slug: "" })).match).toBe(true);
  });
});
