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
 * Whether the build the latest-build file names is one to move to: its metadata file is served
 * (its files are deployed here), and it is newer than this page's build — during a rolling deploy
 * an instance still on the old build must not send a page of the new one back to it. A page whose
 * build has no metadata any more was made by a build that is gone.
 */
export function isNewerBuild(latest: BuildMeta, current: BuildMeta | undefined): boolean {
  return current === undefined || (latest.id !== current.id && latest.builtAt > current.builtAt);
}
