import type { BuildInfo } from "../../../core";

/** Reads the latest-build file the build writes (SPEC §7), bypassing every cache. */
export function createLatestBuildInfo(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): BuildInfo {
  return {
    async latestBuildId() {
      const response = await fetchImpl("/_build/latest.json", { cache: "no-store" });
      if (!response.ok) throw new Error(`latest-build file answered ${response.status}`);
      const body = (await response.json()) as { id?: unknown };
      if (typeof body.id !== "string") throw new Error("latest-build file has no id");
      return body.id;
    },
  };
}
