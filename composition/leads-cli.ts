import { LEADS_USAGE, LeadsUsageError, parseLeadsArguments, runLeadsCommand, type LeadsCommand } from "../adapters/cli/leads-commands";
import { openDatabase, type SqliteDatabase } from "../adapters/embedded/database/open-database";
import { ConfigError, loadConfig, type AppConfig } from "./config";
import { formStoresFor } from "./forms";

export interface CliOutput {
  out(text: string): void;
  error(text: string): void;
}

/**
 * The staff's `npm run leads:export` and `leads:purge` (scripts/leads.mjs): the server's
 * configuration and the server's stores (the embedded SQLite in DATA_DIR, or Firestore and Storage
 * with FIREBASE_PROJECT_ID), one command, and the exit code: 2 for bad arguments or configuration.
 */
export async function runLeadsCli(argv: readonly string[], env: Parameters<typeof loadConfig>[0], output: CliOutput): Promise<number> {
  let command: LeadsCommand;
  let config: AppConfig;
  try {
    command = parseLeadsArguments(argv);
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof LeadsUsageError) output.error(`${error.message}\n\n${LEADS_USAGE}`);
    else if (error instanceof ConfigError) output.error(error.message);
    else throw error;
    return 2;
  }
  let db: SqliteDatabase | undefined;
  try {
    const stores = formStoresFor(config, () => (db ??= openDatabase(config.dataDir)));
    output.out(await runLeadsCommand(command, stores, { now: new Date(), retentionMonths: config.forms.retentionMonths }));
    return 0;
  } finally {
    db?.close();
  }
}
