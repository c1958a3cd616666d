import type { Context, Handler } from "hono";
import { renderPage } from "vike/server";
import type { FormPost } from "../../../core";
import { FORM_POST_VARIABLE } from "./page-form-posts.middleware";
import { CLIENT_CLOSED_REQUEST, createRenderQueue } from "./render-queue";
import { wholeBodyResponse } from "./whole-body-response";

/** Pages are read, or posted to without JavaScript (page-methods.middleware.ts answers the rest). */
export const PAGE_METHODS = ["GET", "HEAD", "POST"];

/**
 * The site's pages: Vike renders the request's page, with a plain form post's outcome as
 * `pageContext.formPost` (page-form-posts.middleware.ts). Pages are rendered whole (`stream:
 * false`), so the HTML goes out as the string it is (whole-body-response.ts). Renders start in the
 * order the requests came (render-queue.ts), and not for a client that has gone by then.
 */
export function vikePages(): Handler {
  const queue = createRenderQueue();
  return async (c: Context) => {
    const formPost = c.get(FORM_POST_VARIABLE as never) as FormPost | undefined;
    const client = c.req.raw.signal;
    const rendered = await queue
      .run(
        () =>
          renderPage({
            urlOriginal: c.req.url,
            headersOriginal: c.req.raw.headers,
            ...(formPost === undefined ? {} : { formPost }),
          }),
        client,
      )
      // The queue's refusal to render for a client that has gone (its signal's reason); a render's
      // own failure goes on to the error page.
      .catch((error: unknown) => {
        if (client.aborted && error === client.reason) return undefined;
        throw error;
      });
    if (!rendered) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    const { httpResponse } = rendered;
    return wholeBodyResponse(httpResponse.body, { status: httpResponse.statusCode, headers: httpResponse.headers });
  };
}
