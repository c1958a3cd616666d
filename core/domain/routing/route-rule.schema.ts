import { Schema } from "effect";

/** A configured redirect: `from` is an exact path; `to` is a path on this site or an absolute URL. */
export const RouteRule = Schema.Struct({
  from: Schema.String.pipe(Schema.check(Schema.isStartingWith("/"))),
  to: Schema.String.pipe(Schema.check(Schema.isMinLength(1))),
  status: Schema.optionalKey(Schema.Literals([301, 302, 307, 308])),
});
export type RouteRule = typeof RouteRule.Type;

export const RouteRules = Schema.Array(RouteRule);
