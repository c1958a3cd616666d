import { buildMetaPath, isNewerBuild, type BuildInfo, type BuildMeta } from "../../../core";

/**
 * Reads the latest-build file the build writes (SPEC §7), bypassing every cache; a build other
 * than the page's is offered only when its metadata file says it is newer (see `isNewerBuild`).
 */
export function createLatestBuildInfo(current: BuildMeta, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): BuildInfo {
  const read = async (path: string) => {
    const response = await fetchImpl(path, { cache: "no-store" });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as { id?: unknown; builtAt?: unknown };
  };
  return {
    async latestBuildId() {
      const { id } = await read("/_build/latest.json");
      if (typeof id !== "string") throw new Error("latest-build file has no id");
      if (id === current.id) return current.id;
      // Not served yet (its files are not all here) or not this build's: the check tries again later.
      const meta = await read(buildMetaPath(id));
      if (meta.id !== id || typeof meta.builtAt !== "number") throw new Error(`build ${id} has no metadata file here`);
      return isNewerBuild({ id, builtAt: meta.builtAt }, current) ? id : current.id;
    },
  };
}
