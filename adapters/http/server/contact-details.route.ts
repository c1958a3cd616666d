import { Hono } from "hono";
import { leadFormsApi, type ContactDetails, type RequestSessionVerifier, type UserProfilePort } from "../../../core";
import { serveEndpoint } from "./api-endpoint";

export interface ContactDetailsRouteOptions {
  readonly sessions: RequestSessionVerifier;
  readonly userProfiles: UserProfilePort;
}

/**
 * `leadFormsApi.contactDetails`: the signed-in user's known contact fields, for the lead forms
 * to prefill; 204 when no one is signed in (content pages are the same for everyone, so a form
 * asks; 204 rather than 401 keeps an anonymous visitor's console free of errors). Scoped by the
 * session's uid; never cached.
 */
export function contactDetailsRoute(options: ContactDetailsRouteOptions): Hono {
  const app = new Hono();
  serveEndpoint(app, leadFormsApi.contactDetails.path, leadFormsApi.contactDetails, async (c, { answer }) => {
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    if (!user) return c.body(null, 204, { "Cache-Control": "private, no-store" });
    const profile = await options.userProfiles.get(user.uid);
    const details: ContactDetails = {
      email: user.email,
      ...(profile
        ? {
            name: profile.name,
            surname: profile.surname,
            ...(profile.phone ? { phone: profile.phone } : {}),
            ...(profile.birthdate ? { birthdate: profile.birthdate } : {}),
            ...(profile.address ? { address: profile.address } : {}),
          }
        : {}),
    };
    return answer(details, 200, { "Cache-Control": "private, no-store" });
  });
  return app;
}
