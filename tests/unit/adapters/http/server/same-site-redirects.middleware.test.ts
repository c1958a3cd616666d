import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sameSiteRedirects } from "../../../../../adapters/http/server/same-site-redirects.middleware";

describe("sameSiteRedirects", () => {
  const app = new Hono();
  app.use(sameSiteRedirects());
  app.get("/absolute", (c) => c.redirect(`http://${c.req.header("Host")}/es/events/?page=2`, 301));
  app.get("/scheme-relative", (c) => c.redirect("//evil.example/a", 302));
  app.get("/backslash", (c) => c.redirect("/\\evil.example/a", 302));
  app.get("/relative", (c) => c.redirect("/es/login/?returnTo=%2Fes%2Fdashboard%2F", 302));

  it("turns a Location built on the Host header into a path", async () => {
    const response = await app.request("http://evil.example/absolute");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/es/events/?page=2");
  });

  it("never lets a Location leave the site", async () => {
    expect((await app.request("http://arena.example/scheme-relative")).headers.get("location")).toBe("/a");
    expect((await app.request("http://arena.example/backslash")).headers.get("location")).toBe("/a");
  });

  it("leaves same-site paths as they are", async () => {
    expect((await app.request("http://arena.example/relative")).headers.get("location")).toBe("/es/login/?returnTo=%2Fes%2Fdashboard%2F");
  });
});
