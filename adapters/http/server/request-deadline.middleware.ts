import type { Context, MiddlewareHandler } from "hono";

/** The reason a request's deadline signal gives: thrown by work that checks it, answered 503 like the deadline itself. */
export class RequestDeadlineError extends Error {
  override readonly name = "RequestDeadlineError";
}

const DEADLINE_VARIABLE = "requestDeadline";

/**
 * The request's deadline, to pass down to the work it starts (a ticket hold, a render's turn):
 * aborted once REQUEST_DEADLINE_MS has passed, with a RequestDeadlineError. Outside the middleware
 * (a route's own tests), the client's signal.
 */
export function requestDeadlineOf(c: Context): AbortSignal {
  return (c.get(DEADLINE_VARIABLE as never) as AbortSignal | undefined) ?? c.req.raw.signal;
}

export interface RequestDeadlineOptions {
  readonly ms: number;
  /** The answer once the deadline has passed (503: the API's error, or the page that says to try again). */
  readonly answer: (c: Context) => Response | Promise<Response>;
}

/**
 * Every request has a deadline (issue 50: a form hung 88 s, and holds were made after the
 * balancer had answered 504). Past it the request is answered at once, and its signal aborts:
 * work that checks it stops (the hold use case releases a hold it made too late), and what the
 * handler answers later is no one's.
 */
export function requestDeadline({ ms, answer }: RequestDeadlineOptions): MiddlewareHandler {
  return async (c, next) => {
    const deadline = new AbortController();
    c.set(DEADLINE_VARIABLE as never, deadline.signal as never);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const passed = new Promise<true>((resolve) => (timer = setTimeout(resolve, ms, true)));
    const handled = next().then(() => false as const);
    try {
      if (!(await Promise.race([handled, passed]))) return;
    } finally {
      clearTimeout(timer);
    }
    deadline.abort(new RequestDeadlineError(`The request's deadline (${ms} ms) has passed`));
    // The handler goes on until it notices; its errors are answered to no one.
    handled.catch(() => {});
    c.res = await answer(c);
  };
}
