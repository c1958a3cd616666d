// CPU time (user and system, every thread) that a process and its child processes have used, read
// from Linux's /proc: what the server spent on its answers, whatever else the machine did meanwhile.
// Undefined where there is no /proc.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond;

/** Milliseconds of CPU used so far by `pid` and its live children (the launcher's workers). */
export function processTreeCpuMs(pid) {
  try {
    ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    const ticks = [pid, ...children].reduce((sum, process) => sum + ticksOf(process), 0);
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** User and system ticks of one process, all its threads; 0 for one that has just exited. */
function ticksOf(pid) {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after it are counted from its end.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
