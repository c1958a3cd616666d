// How fast this machine is at the moment of a measurement, printed beside the bench's and the
// audit's figures so that runs of different days can be compared. Two figures, each taken in a
// fresh Node process:
// - the first touch of fresh memory, per 4 KB page: a new process (every Chromium renderer, one per
//   page Lighthouse loads) pays it for every page of memory it uses. It was 15 µs on 2026-11-27,
//   when a home's renderer touched about 12,500 pages (0.2–0.3 s of system time in its load);
// - a loop that makes small objects, for the JavaScript engine's own speed.
import { execFileSync } from "node:child_process";

const MEASURE = `
const PAGE = 4096;
const memory = new Uint8Array(128 * 1024 * 1024);
let started = process.hrtime.bigint();
for (let at = 0; at < memory.length; at += PAGE) memory[at] = 1;
const touchNs = Number(process.hrtime.bigint() - started);
started = process.hrtime.bigint();
// Kept in a ring so that they escape and are allocated (and collected young) for real.
const ring = new Array(1024);
for (let i = 0; i < 3_000_000; i += 1) ring[i & 1023] = { x: i, y: i + 1 };
const loopNs = Number(process.hrtime.bigint() - started);
process.stdout.write(JSON.stringify({ freshPageUs: touchNs / (memory.length / PAGE) / 1000, loopMs: loopNs / 1e6 }));
`;

/** The two figures, the median of three fresh processes each. */
export function measureMachine() {
  const runs = [0, 1, 2].map(() => JSON.parse(execFileSync(process.execPath, ["-e", MEASURE], { encoding: "utf8" })));
  const median = (values) => values.sort((a, b) => a - b)[1];
  return { freshPageUs: median(runs.map((run) => run.freshPageUs)), loopMs: median(runs.map((run) => run.loopMs)) };
}

/** One line for a report. */
export function machineLine({ freshPageUs, loopMs }) {
  return `machine: first touch of fresh memory ${freshPageUs.toFixed(1)} µs per 4 KB page; 3 million small objects in ${loopMs.toFixed(0)} ms`;
}
