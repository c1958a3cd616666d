import type { ExecutionContext } from "hono";
import type { Logger } from "../../../core";

/**
 * The ExecutionContext that Node lacks. Hono's `c.executionCtx` throws without one, and Vike's
 * universal middleware asks for it twice per page: each time an Error, stack and all, built and
 * thrown away. On Node a promise runs to its end by itself: `waitUntil` only reports a failure.
 */
export function nodeExecutionContext(logger: Logger): ExecutionContext {
  return {
    waitUntil(promise) {
      promise.catch((error: unknown) => logger.error("request.background-task-failed", { error: String(error) }));
    },
    passThroughOnException() {},
    props: {},
  };
}
