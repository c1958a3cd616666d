// CPU time (user and system, every thread) that a process and its child processes have used, read
// from Linux's /proc: what the server spent on its answers, whatever else the machine did meanwhile.
// Undefined where there is no /proc.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond;

/** Milliseconds of CPU used so far by `pid` and its live children (a launcher's workers). */
export function processTreeCpuMs(pid) {
  try {
    ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    const stats = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map((name) => statOf(name))
      .filter((stat) => stat !== undefined);
    const inTree = new Set([pid]);
    // Children, and their children: the launcher's workers.
    for (let added = true; added; ) {
      added = false;
      for (const stat of stats) {
        if (!inTree.has(stat.parent) || inTree.has(stat.pid)) continue;
        inTree.add(stat.pid);
        added = true;
      }
    }
    const ticks = stats.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0);
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

function statOf(pid) {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after it are counted from its end.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
    return { pid: Number(pid), parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}
