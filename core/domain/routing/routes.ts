/**
 * Every page of the site: its Vike route pattern and a builder of its logical path. Both are
 * logical: `+onBeforeRoute` strips the locale prefix before Vike routes, and `localisePath` adds it
 * back to a built path. Built paths end with a slash (SPEC §2); Vike's patterns match with or
 * without one.
 */

/** The `@name` parameters of a pattern, e.g. `id` in `/event/@id/tickets`. */
type PatternParameter<Pattern extends string> = Pattern extends `${string}@${infer Name}/${infer Rest}`
  ? Name | PatternParameter<Rest>
  : Pattern extends `${string}@${infer Name}`
    ? Name
    : never;

/** What a page's path builder takes: every pattern parameter, and any of its query parameters. */
type PathArguments<Pattern extends string, QueryParameter extends string = never> = {
  readonly [Name in PatternParameter<Pattern>]: string;
} & { readonly [Name in QueryParameter]?: string | undefined };

/** A builder that takes no arguments when there are none, and may be called without them when none is required. */
type PathBuilder<Arguments> = [keyof Arguments] extends [never]
  ? () => string
  : Partial<Arguments> extends Arguments
    ? (arguments_?: Arguments) => string
    : (arguments_: Arguments) => string;

interface PageRoute<Pattern extends string, Arguments> {
  readonly pattern: Pattern;
  readonly path: PathBuilder<Arguments>;
}

/** A page at a pattern: parameters are encoded as one segment each; empty query values are left out. */
function page<const Pattern extends `/${string}`, const QueryParameter extends string = never>(
  pattern: Pattern,
  options: { readonly query: readonly QueryParameter[] } = { query: [] },
): PageRoute<Pattern, PathArguments<Pattern, QueryParameter>> {
  const path = (arguments_: Readonly<Record<string, string | undefined>> = {}) => {
    const filled = pattern.replace(/@([^/]+)/g, (_, name: string) => encodeURIComponent(arguments_[name] ?? ""));
    const query = options.query.flatMap((name) => {
      const value = arguments_[name];
      return value ? [`${name}=${encodeURIComponent(value)}`] : [];
    });
    return `${filled.endsWith("/") ? filled : `${filled}/`}${query.length ? `?${query.join("&")}` : ""}`;
  };
  // The runtime builder takes any record; the declared type narrows it to this pattern's arguments.
  return { pattern, path: path as PathBuilder<PathArguments<Pattern, QueryParameter>> };
}

export const routes = {
  /**
   * The CMS's pages at any path, the empty slug being home (SPEC §2); every other page wins over it.
   * A slug is the page's path as the CMS names it, so it is kept as it is, not encoded.
   */
  content: {
    pattern: "/*",
    path: ({ slug }: { readonly slug: string }) => {
      const segments = slug.split("/").filter(Boolean);
      return segments.length ? `/${segments.join("/")}/` : "/";
    },
  },
  event: page("/event/@id"),
  eventTickets: page("/event/@id/tickets"),
  dashboard: page("/dashboard"),
  /**
   * `returnTo`: where to go after signing in (see `guardRoute`). With `code`, a mailed sign-in
   * link's landing (issue 49 item 1): the sign-in page, not a page of its own.
   */
  login: page("/login", { query: ["returnTo", "code"] }),
  register: page("/register"),
  /** The landing page of the verification mail's link; `code` proves the address. */
  verifyEmail: page("/verify-email", { query: ["code"] }),
  forgotPassword: page("/forgot-password"),
  /** The landing page of the reset mail's link. */
  resetPassword: page("/reset-password", { query: ["code"] }),
  /** The newsletter confirmation mail's link: `token` proves the address (double opt-in). */
  newsletterConfirm: page("/newsletter/confirm", { query: ["token"] }),
  /** Every newsletter mail's way out. */
  newsletterUnsubscribe: page("/newsletter/unsubscribe", { query: ["token"] }),
  /** Checks a ticket's signature (issue 10): a ticket's QR code opens it with its token `t`. */
  ticketCheck: page("/tickets/check", { query: ["t"] }),
  /** The embedded content editor: one page for every language, its path without a locale prefix. */
  editor: page("/_editor"),
  /** A technical page that checks the API client. */
  apiHandler: page("/_tmp/api-handler"),
} as const satisfies Readonly<Record<string, { readonly pattern: `/${string}`; readonly path: (...arguments_: never) => string }>>;
