import { inProcessFailureCounters } from "../../core";
import { failureCountersContract } from "./failure-counters.contract";

failureCountersContract("The in-process failure counters", async () => {
  let now = 0;
  return { counters: inProcessFailureCounters(() => now), setNow: (time) => (now = time), close: async () => {} };
});
