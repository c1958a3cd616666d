import { inProcessRateLimiters } from "../../core";
import { rateLimitersContract } from "./rate-limiters.contract";

rateLimitersContract("The in-process rate limiters", async () => {
  let now = 0;
  return { limiters: inProcessRateLimiters(() => now), setNow: (time) => (now = time), close: async () => {} };
});
