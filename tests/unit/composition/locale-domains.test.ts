import { describe, expect, it } from "vitest";
import { warnOfLocalesWithoutDomain } from "../../../composition/locale-domains";
import { loadConfig } from "../../../composition/config";

function warnings(env: Record<string, string>) {
  const logged: { event: string; fields?: Record<string, unknown> }[] = [];
  const config = loadConfig(env);
  warnOfLocalesWithoutDomain(config.locale, config.publicOrigin, { info: () => {}, warn: (event, fields) => logged.push({ event, fields }), error: () => {} });
  return logged;
}

describe("locale domains at start-up", () => {
  it("warns of each locale without a domain once others have one (SPEC §8)", () => {
    const logged = warnings({ LOCALE_DOMAINS: "en=en.arena.example,val=val.arena.example", PUBLIC_ORIGIN: "https://arena.example" });
    expect(logged).toEqual([{ event: "locale.domain-missing", fields: { locale: "es", servedOn: "https://arena.example" } }]);
  });

  it("says nothing when no locale has a domain, or every one has", () => {
    expect(warnings({})).toEqual([]);
    expect(warnings({ LOCALE_DOMAINS: "es=arena.example,en=en.arena.example,val=val.arena.example" })).toEqual([]);
  });
});
