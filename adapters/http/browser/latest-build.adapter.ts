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
  // A build's metadata never changes: read once, so that the check after a chunk failure costs one
  // request, and reloads before Vike falls back to loading the page whole.
  const known = new Map<string, BuildMeta>();
  const metaOf = async (id: string): Promise<BuildMeta> => {
    const found = known.get(id);
    if (found) return found;
    // Not served yet (its files are not all here) or not this build's: the check tries again later.
    const meta = await read(buildMetaPath(id));
    if (meta.id !== id || typeof meta.builtAt !== "number") throw new Error(`build ${id} has no metadata file here`);
    known.set(id, { id, builtAt: meta.builtAt });
    return { id, builtAt: meta.builtAt };
  };
  return {
    async latestBuildId() {
      const { id } = await read("/_build/latest.json");
      if (typeof id !== "string") throw new Error("latest-build file has no id");
      if (id === current.id) return current.id;
      return isNewerBuild(await metaOf(id), current) ? id : current.id;
    },
  };
}
