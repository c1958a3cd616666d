/** Browser side: asks the server which build is deployed now (SPEC §7, the latest-build file). */
export interface BuildInfo {
  latestBuildId(): Promise<string>;
}
