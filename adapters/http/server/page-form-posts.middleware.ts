import type { Context, MiddlewareHandler, Next } from "hono";
import { FORM_POST_FIELD, type FormPost } from "../../../core";
import { multipartTextFields } from "./multipart-text-fields";
import { requestBodyLimit, type RefusedBody } from "./request-body-limit.middleware";

/** Where the outcome waits for the page's render (see vike-pages.handler.ts). */
export const FORM_POST_VARIABLE = "formPost";

/** Where a refused post's status waits for the page's render: the page is the error page, with that status. */
export const REFUSED_POST_VARIABLE = "refusedPost";

/** The statuses of a refused post, each with its error page: from another site's page, too large to take. */
export type RefusedPostStatus = 403 | 413;

/**
 * How a page answers a plain post: rendered again with the outcome, or (after a sign-in, say) a
 * redirect to where the user goes next, so that reloading that page does not post again. Headers
 * may repeat (Set-Cookie).
 */
export type PageFormAnswer =
  | { readonly status: number; readonly post: FormPost; readonly headers?: HeadersInit }
  | { readonly redirectTo: string; readonly headers?: HeadersInit };

/** A form that may be sent to a page without JavaScript. */
export interface PageFormAction {
  /** Takes the post's fields (text as strings, files as File) and says how the page should answer. */
  handle(fields: Readonly<Record<string, unknown>>, c: Context): Promise<PageFormAnswer>;
  /**
   * The answer to a post too large to take, from its text fields (files are never kept): the form
   * with what was typed and a message, status 413. Without it, the page's error page says so.
   */
  tooLarge?(fields: Readonly<Record<string, unknown>>): { readonly post: FormPost };
}

export interface PageFormPostsOptions {
  /** By the value of the post's `form` field. */
  readonly actions: Readonly<Record<string, PageFormAction>>;
  /** Larger bodies get 413 before they are read (a CV is at most 5 MB, plus the form's text). */
  readonly maxBodyBytes: number;
  /** Cross-site request forgery: a post must come from one of these origins (browsers send Origin with every form post). */
  readonly allowedOrigins: readonly string[];
}

const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Forms that work without JavaScript (issue 9): a plain POST to the page the form is on runs the
 * form's action, then the page renders again with the outcome (values, messages, or success), with
 * the action's status (422 for problems). Anything else posted to a page falls through to the
 * read-only rule (405). The origin check applies here as on the API, on the headers: a form posted
 * from elsewhere gets 403 with its body unread (a foreign page's 5 MB posts were parsed whole
 * first), on the page's error page. A multipart body is read further only if its first part names
 * one of the forms (every form with a file sends its `form` field first). A body over the limit
 * gets 413: its text fields are read as it is drained, and the form comes back with them.
 */
export function pageFormPosts(options: PageFormPostsOptions): MiddlewareHandler {
  const allowedOrigins = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!FORM_MEDIA_TYPES.has(mediaType)) return next();
    if (!allowedOrigins.has(c.req.header("Origin") ?? "")) return refused(c, next, 403);
    if (mediaType === "multipart/form-data" && !isAction(await firstPartFormName(c))) return next();
    return requestBodyLimit(options.maxBodyBytes, (_, refusedBody) => tooLarge(c, refusedBody, next))(c, () => takePost(c, next));
  };

  async function tooLarge(c: Context, refusedBody: RefusedBody, next: Next): Promise<void> {
    const boundary = multipartBoundary(c);
    const text = boundary === undefined ? undefined : multipartTextFields(boundary, TOO_LARGE_TEXT_BYTES);
    await refusedBody((chunk) => text?.push(chunk));
    const fields = text?.fields() ?? {};
    const formName = Array.isArray(fields[FORM_POST_FIELD]) ? fields[FORM_POST_FIELD][0] : fields[FORM_POST_FIELD];
    const answer = isAction(formName) ? options.actions[formName]?.tooLarge?.(fields) : undefined;
    if (answer) return answerWith(c, next, { status: 413, post: answer.post });
    return refused(c, next, 413);
  }

  function isAction(formName: unknown): formName is string {
    return typeof formName === "string" && Object.hasOwn(options.actions, formName);
  }

  async function takePost(c: Context, next: () => Promise<void>): Promise<void> {
    let fields: Record<string, unknown>;
    try {
      fields = await c.req.parseBody({ all: true });
    } catch {
      c.res = c.text("Bad Request", 400, { "Cache-Control": "no-store" });
      return;
    }
    const formName = fields[FORM_POST_FIELD];
    const action = isAction(formName) ? options.actions[formName] : undefined;
    if (!action) return next();

    return answerWith(c, next, await action.handle(fields, c));
  }
}

/** How much text of a body too large to take is read for its form: the form's own allowance beside a file. */
const TOO_LARGE_TEXT_BYTES = 256 * 1024;

/** The page rendered with the post's outcome, or the redirect the action asks for. */
async function answerWith(c: Context, next: Next, answer: PageFormAnswer): Promise<void> {
  if ("redirectTo" in answer) {
    c.res = new Response(null, { status: 303, headers: withHeaders(new Headers({ Location: answer.redirectTo, "Cache-Control": "no-store" }), answer.headers) });
    return;
  }
  c.set(FORM_POST_VARIABLE as never, answer.post as never);
  await next();
  // The page itself may be missing (404): its own status stands then.
  if (c.res.status !== 200) return;
  const answered = new Headers(c.res.headers);
  answered.set("Cache-Control", "no-store");
  c.res = new Response(c.res.body, { status: answer.status, headers: withHeaders(answered, answer.headers) });
}

/** The page's error page for a refused post (ui/pages/+onBeforeRoute.ts), with the post's status, never stored. */
async function refused(c: Context, next: Next, status: RefusedPostStatus): Promise<void> {
  c.set(REFUSED_POST_VARIABLE as never, status as never);
  await next();
  const answered = new Headers(c.res.headers);
  answered.set("Cache-Control", "no-store");
  // Vike answers its error page with 403 (it renders no 413); anything else (a redirect, the API's 404) stands.
  c.res = new Response(c.res.body, { status: c.res.status === 403 ? status : c.res.status, headers: answered });
}

function multipartBoundary(c: Context): string | undefined {
  return /;\s*boundary="?([^";]+)"?/i.exec(c.req.header("Content-Type") ?? "")?.[1];
}

/** How much of a multipart body is read to find its first part: a boundary, one part's headers and a form's name. */
const FIRST_PART_BYTES = 1024;

/**
 * The value of a multipart body's first part when that part is the `form` field; undefined
 * otherwise. Reads at most FIRST_PART_BYTES, and puts them back in front of the rest of the body
 * for the parser.
 */
async function firstPartFormName(c: Context): Promise<string | undefined> {
  const boundary = multipartBoundary(c);
  const body = c.req.raw.body;
  if (!boundary || !body) return undefined;
  const reader = body.getReader();
  const read: Uint8Array[] = [];
  let size = 0;
  let text = "";
  let done = false;
  const firstPart = new RegExp(`^--${escapeRegExp(boundary)}\r\ncontent-disposition: *form-data; *name="${FORM_POST_FIELD}"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)\r\n--`, "i");
  while (!done && size < FIRST_PART_BYTES && !firstPart.test(text)) {
    const chunk = await reader.read();
    done = chunk.done;
    if (chunk.value) {
      read.push(chunk.value);
      size += chunk.value.byteLength;
      text = Buffer.concat(read).toString("latin1");
    }
  }
  const replayed = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of read) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const more = await reader.read();
      if (more.value) controller.enqueue(more.value);
      if (more.done) controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
  c.req.raw = new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: replayed, duplex: "half" } as RequestInit);
  return firstPart.exec(text)?.[1];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The action's headers over the answer's: each replaces its name's value, except Set-Cookie, which adds one. */
function withHeaders(answered: Headers, added: HeadersInit | undefined): Headers {
  for (const [name, value] of new Headers(added)) {
    if (name === "set-cookie") answered.append(name, value);
    else answered.set(name, value);
  }
  return answered;
}

/** Whether this request is a form post that `pageFormPosts` took or refused: the read-only rule lets it through to its page. */
export function isTakenFormPost(c: Context): boolean {
  return c.get(FORM_POST_VARIABLE as never) !== undefined || c.get(REFUSED_POST_VARIABLE as never) !== undefined;
}
