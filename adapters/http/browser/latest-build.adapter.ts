import { buildMetaPath, isNewerBuild, type BuildInfo, type BuildMeta } from "../../../core";

/**
 * Reads the latest-build file the build writes (SPEC §7), bypassing every cache; a build other
 * than the page's is offered only when its metadata file says it is newer (see `isNewerBuild`).
 */
export function createLatestBuildInfo(currentBuildId: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): BuildInfo {
  const read = async (path: string) => {
    const response = await fetchImpl(path, { cache: "no-store" });
    return response.ok ? ((await response.json()) as { id?: unknown; builtAt?: unknown }) : response.status;
  };
  const meta = async (id: string): Promise<BuildMeta | undefined> => {
    const body = await read(buildMetaPath(id));
    return typeof body === "object" && body.id === id && typeof body.builtAt === "number" ? { id, builtAt: body.builtAt } : undefined;
  };
  return {
    async latestBuildId() {
      const body = await read("/_build/latest.json");
      if (typeof body === "number") throw new Error(`latest-build file answered ${body}`);
      if (typeof body.id !== "string") throw new Error("latest-build file has no id");
      if (body.id === currentBuildId) return currentBuildId;
      const latest = await meta(body.id);
      if (!latest) throw new Error(`build ${body.id} has no metadata file here yet`);
      return isNewerBuild(latest, await meta(currentBuildId)) ? latest.id : currentBuildId;
    },
  };
}
