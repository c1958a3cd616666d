import { Hono } from "hono";
import {
  accountApi,
  newUserProfile,
  type LeadSubmission,
  type SessionUser,
  type RequestSessionVerifier,
  type TicketOrder,
  type UserProfile,
  type UserProfilePort,
} from "../../../core";
import { apiError } from "./api-error";
import { serveEndpoint } from "./api-endpoint";
import { sameOriginWrites } from "./origin-check.middleware";

export interface AccountProfileRouteOptions {
  readonly sessions: RequestSessionVerifier;
  readonly userProfiles: UserProfilePort;
  readonly allowedOrigins: readonly string[];
  /** The user's own lead submissions, for 'download my data'. */
  readonly submissionsOf?: (uid: string) => Promise<readonly LeadSubmission[]>;
  /** The user's ticket orders, for the same. */
  readonly ordersOf?: (uid: string) => Promise<readonly TicketOrder[]>;
  /** ISO 8601 now, for consents and updates. */
  readonly now?: () => Date;
}

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The signed-in user's own record, for the registration and the dashboard, at `accountApi.base`: every
 * read and write is scoped by the session's uid, whatever the body says (SPEC §6). A pending user
 * may create the profile at sign-up, and do nothing else with it until the address is verified.
 *   GET  /profile   the profile, or null before it exists (a registration whose profile was not
 *                   stored: the dashboard's details form completes it); not a 404, which the
 *                   browser's console reports on every visit to the dashboard
 *   POST /profile   creates it after sign-up, with the privacy consent (409 if it exists)
 *   PUT  /profile   updates it, keeping the consents (verified users only)
 *   PATCH /profile  the language preference alone (pending users too: mails go out in it); 404 before the profile exists
 *   GET  /export    'download my data': everything kept about the user, as a JSON attachment
 */
export function accountProfileRoute(options: AccountProfileRouteOptions): Hono {
  const now = options.now ?? (() => new Date());
  const app = new Hono<{ Variables: { user: SessionUser } }>();
  app.use(sameOriginWrites(options.allowedOrigins));
  app.use(async (c, next) => {
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    if (!user) return apiError(c, "unauthorized");
    c.set("user", user);
    return next();
  });

  serveEndpoint(app, accountApi.base, accountApi.profile, async (c, { answer }) => {
    return answer({ profile: (await options.userProfiles.get(c.var.user.uid)) ?? null }, 200, PRIVATE);
  });

  serveEndpoint(app, accountApi.base, accountApi.createProfile, async (c, { body: decodedBody, answer }) => {
    const body = await decodedBody();
    if (!body.ok) return body.response;
    const { uid } = c.var.user;
    if (await options.userProfiles.get(uid)) return apiError(c, "conflict");
    const profile = newUserProfile(uid, body.value, now().toISOString());
    await options.userProfiles.upsert(profile);
    return answer({ profile }, 201, PRIVATE);
  });

  serveEndpoint(app, accountApi.base, accountApi.updateProfile, async (c, { body: decodedBody, answer }) => {
    if (!c.var.user.emailVerified) return apiError(c, "email-not-verified");
    const body = await decodedBody();
    if (!body.ok) return body.response;
    const current = await options.userProfiles.get(c.var.user.uid);
    const { name, surname, phone, birthdate, address, preferredLanguage } = body.value;
    // A detail left empty is not known.
    const profile: UserProfile = {
      uid: c.var.user.uid,
      name,
      surname,
      phone: phone || null,
      birthdate: birthdate || null,
      address: address || null,
      preferredLanguage,
      consents: current?.consents ?? {},
      updatedAt: now().toISOString(),
    };
    await options.userProfiles.upsert(profile);
    return answer({ profile }, 200, PRIVATE);
  });

  serveEndpoint(app, accountApi.base, accountApi.updateLanguage, async (c, { body: decodedBody, answer }) => {
    const body = await decodedBody();
    if (!body.ok) return body.response;
    const current = await options.userProfiles.get(c.var.user.uid);
    if (!current) return apiError(c, "not-found");
    const profile: UserProfile = { ...current, preferredLanguage: body.value.preferredLanguage, updatedAt: now().toISOString() };
    await options.userProfiles.upsert(profile);
    return answer({ profile }, 200, PRIVATE);
  });

  serveEndpoint(app, accountApi.base, accountApi.dataExport, async (c) => {
    const { uid } = c.var.user;
    const [stored, submissions, orders] = await Promise.all([options.userProfiles.export(uid), options.submissionsOf?.(uid) ?? [], options.ordersOf?.(uid) ?? []]);
    return download(stored, submissions, orders, c.var.user);
  });
  return new Hono().route("/", app);
}

/** Everything kept about the user. */
function download(stored: Awaited<ReturnType<UserProfilePort["export"]>>, submissions: readonly LeadSubmission[], orders: readonly TicketOrder[], user: SessionUser): Response {
  const data = {
    account: { uid: user.uid, email: user.email, emailVerified: user.emailVerified },
    profile: stored?.profile ?? null,
    consentHistory: stored?.consentHistory ?? [],
    orders: orders.map(({ orderId, eventId, channel, status, placedAt, cancelledAt, tickets }) => ({ orderId, eventId, channel, status, placedAt, cancelledAt, tickets })),
    submissions: submissions.map(({ id, kind, fields, consents, locale, submittedAt }) => ({ id, kind, fields, consents, locale, submittedAt })),
  };
  return new Response(JSON.stringify(data, null, 2), {
    status: 200,
    headers: { ...PRIVATE, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": 'attachment; filename="my-data.json"' },
  });
}
