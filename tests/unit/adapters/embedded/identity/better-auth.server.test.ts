import { getMigrations } from "better-auth/db/migration";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { betterAuthOptions } from "../../../../../adapters/embedded/identity/better-auth.server";
import { createLocalSessions } from "../../../../../adapters/embedded/identity/local-sessions";
import { createIdentityServer, type IdentityServer } from "../../../../contracts/support/identity-server";
import { identityClient, ORIGIN } from "./support/identity-client";

describe("better-auth on the embedded database", () => {
  let server: IdentityServer | undefined;
  afterEach(() => server?.close());

  it("finds nothing to migrate once our migrations have run: its schema is ours, frozen", async () => {
    const db = openDatabase(":memory:");
    const options = betterAuthOptions({
      db,
      publicOrigin: ORIGIN,
      trustedOrigins: [ORIGIN],
      secret: "a-secret-for-the-schema-check-0123456789",
      production: true,
      mail: { send: async () => "id" },
      links: { verifyEmail: () => ORIGIN, resetPassword: () => ORIGIN, signIn: () => ORIGIN, signInWithLink: () => ORIGIN, forgotPassword: () => ORIGIN },
      defaultLocale: "es",
      userProfiles: { get: async () => null, upsert: async () => {}, delete: async () => {}, export: async () => null },
      sessions: createLocalSessions({ db, secret: "s", secureCookies: false }),
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const plan = await getMigrations(options);
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
    db.close();
  });

  it("stores passwords as argon2id hashes with OWASP's parameters", async () => {
    server = await createIdentityServer({ origin: ORIGIN });
    await identityClient(server).signUp("hash@arena.example");
    const row = server.db.prepare("SELECT password FROM account").get() as { password: string };
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
