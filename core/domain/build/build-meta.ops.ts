/** SPEC §7's build metadata file, one per build id (`/_build/meta/<id>.json`), beside the latest-build file. */
export interface BuildMeta {
  readonly id: string;
  /** When the build was made, in ms since the epoch. */
  readonly builtAt: number;
}

/** Where a build's metadata file is served. */
export function buildMetaPath(id: string): string {
  return `/_build/meta/${encodeURIComponent(id)}.json`;
}

/**
 * Whether the build the latest-build file names is one to move to: newer than this page's build.
 * During a rolling deploy an instance still on the old build must not send a page of the new one
 * back to it.
 */
export function isNewerBuild(latest: BuildMeta, current: BuildMeta): boolean {
  return latest.id !== current.id && latest.builtAt > current.builtAt;
}
