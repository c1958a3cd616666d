import { openDatabase, type SqliteDatabase } from "../adapters/embedded/database/open-database";
import type { StaffEvents } from "../core";
import { checkInStoresFor } from "./check-ins";
import { ConfigError, loadConfig } from "./config";
import type { CliOutput } from "./leads-cli";

export const STAFF_USAGE = `Usage:
  npm run staff:grant -- <email> [--event <event story uuid>]...
    Makes the account with that address door staff: for the events named, or for every event.`;

/** `npm run staff:grant -- <email> [--event <id>]...` as the grant it asks for; null for bad arguments. */
export function parseStaffGrant(argv: readonly string[]): { readonly email: string; readonly events: StaffEvents } | null {
  let email: string | undefined;
  const events: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === "--event") {
      const event = argv[++index];
      if (!event || event.startsWith("--")) return null;
      events.push(event);
    } else if (!argument.startsWith("--") && email === undefined && argument.includes("@")) email = argument;
    else return null;
  }
  return email ? { email, events: events.length > 0 ? events : "all" } : null;
}

/**
 * The door staff grant (issue 54; scripts/staff.mjs): the server's configuration and its identity
 * (the embedded accounts in DATA_DIR, or Firebase Auth's custom claims with FIREBASE_PROJECT_ID).
 * Exit code 2 for bad arguments or configuration, 1 for an address no account has.
 */
export async function runStaffGrantCli(argv: readonly string[], env: Parameters<typeof loadConfig>[0], output: CliOutput): Promise<number> {
  const grant = parseStaffGrant(argv);
  if (!grant) {
    output.error(STAFF_USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.error(error.message);
    return 2;
  }
  let db: SqliteDatabase | undefined;
  try {
    const { staff } = checkInStoresFor(config, () => (db ??= openDatabase(config.dataDir)));
    if (!(await staff.grant(grant.email, grant.events))) {
      output.error(`No account has the address ${grant.email}: the person signs up first.`);
      return 1;
    }
    output.out(`${grant.email} is door staff for ${grant.events === "all" ? "every event" : grant.events.join(", ")}.`);
    return 0;
  } finally {
    db?.close();
  }
}
