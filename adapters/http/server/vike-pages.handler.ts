import type { Context, Handler } from "hono";
import { renderPage } from "vike/server";
import type { FormPost } from "../../../core";
import { PAGE_MARKUP_MARK, pageDocumentBytes } from "./page-document";
import { FORM_POST_VARIABLE, REFUSED_POST_VARIABLE, type RefusedPostStatus } from "./page-form-posts.middleware";
import { CLIENT_CLOSED_REQUEST, createRenderQueue } from "./render-queue";
import { requestDeadlineOf } from "./request-deadline.middleware";
import { wholeBodyResponse } from "./whole-body-response";

/** Pages are read, or posted to without JavaScript (page-methods.middleware.ts answers the rest). */
export const PAGE_METHODS = ["GET", "HEAD", "POST"];

/**
 * The site's pages: Vike renders the request's page, with a plain form post's outcome as
 * `pageContext.formPost`, or a refused post's status as `pageContext.refusedPost` (page-form-posts.middleware.ts). Pages are rendered whole (`stream:
 * false`), so the HTML goes out as bytes made once (whole-body-response.ts). Renders start in the
 * order the requests came (render-queue.ts), and not for a client that has gone by then, nor for
 * a request whose deadline has passed (it has been answered).
 */
export function vikePages(): Handler {
  const queue = createRenderQueue();
  return async (c: Context) => {
    const formPost = c.get(FORM_POST_VARIABLE as never) as FormPost | undefined;
    const refusedPost = c.get(REFUSED_POST_VARIABLE as never) as RefusedPostStatus | undefined;
    const client = c.req.raw.signal;
    try {
      await queue.turn(AbortSignal.any([client, requestDeadlineOf(c)]));
    } catch (error) {
      if (client.aborted && error === client.reason) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
      throw error;
    }
    return renderedPage(c.req.url, c.req.raw.headers, formPost, refusedPost);
  };
}

/**
 * Renders in frames of its own, made after the request's turn, and keeps only the page's bytes.
 * Under load a request waits in line long enough for its context, its middlewares' frames and
 * this handler's to be promoted to V8's old generation; whatever young they point to, scavenges
 * keep until the next full collection, even after the answer has gone. Held there, the page
 * context (everything the render made) and the HTML string (two-byte, 150 KB for the home) were
 * promoted with every render: 550 KB a request at 50 connections, against 66 KB now.
 */
async function renderedPage(urlOriginal: string, headersOriginal: Headers, formPost: FormPost | undefined, refusedPost: RefusedPostStatus | undefined): Promise<Response> {
  const { httpResponse, pageMarkup } = await renderPage({
    urlOriginal,
    headersOriginal,
    pageMarkupMark: PAGE_MARKUP_MARK,
    ...(formPost === undefined ? {} : { formPost }),
    ...(refusedPost === undefined ? {} : { refusedPost }),
  });
  return wholeBodyResponse(pageDocumentBytes(httpResponse.body, pageMarkup), { status: httpResponse.statusCode, headers: httpResponse.headers });
}
