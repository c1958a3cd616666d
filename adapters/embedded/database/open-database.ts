import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS, type Migration } from "./migrations";

export type SqliteDatabase = Database.Database;

/** The file in DATA_DIR that holds the embedded database (with its -wal and -shm companions). */
export const DATABASE_FILE = "arena.sqlite";

export const BUSY_TIMEOUT_MS = 5000;

export class DatabaseError extends Error {
  override readonly name = "DatabaseError";
}

export interface OpenDatabaseOptions {
  /** The schema steps to apply; the application's own list unless a test brings its own. */
  readonly migrations?: readonly Migration[];
  /** The file in DATA_DIR; DATABASE_FILE unless a store keeps apart (the rate limits). */
  readonly file?: string;
}

/**
 * Opens the embedded database, `${dataDir}/arena.sqlite` (or `options.file` in it, or a private
 * in-memory one for ":memory:"), and brings its schema up to date. Several connections, in one process or several,
 * may share the file: WAL lets readers go on during a write, and a writer waits up to
 * BUSY_TIMEOUT_MS for another. The database holds reset tokens and the mail outbox: DATA_DIR is
 * made (or set) 0700 and the files 0600, those an older release left readable by everyone too.
 */
export function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const migrations = options.migrations ?? MIGRATIONS;
  checkMigrationList(migrations);
  const file = dataDir === ":memory:" ? ":memory:" : join(dataDir, options.file ?? DATABASE_FILE);
  if (file !== ":memory:") makePrivate(dataDir, file);
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma("journal_mode = WAL");
    // SQLite gives the -wal and -shm it creates the database's mode; those made before keep theirs.
    if (file !== ":memory:") for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) chmodSync(companion, PRIVATE_FILE);
    db.pragma("synchronous = FULL");
    db.pragma("foreign_keys = ON");
    migrate(db, file, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

/** DATA_DIR readable by the server's user only (unless it belongs to another user), and the database file created or set 0600. */
function makePrivate(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY });
  try {
    chmodSync(dataDir, PRIVATE_DIRECTORY);
  } catch (error) {
    // A volume mounted by another user: its owner decides, the files below are still private.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
  else closeSync(openSync(file, "a", PRIVATE_FILE));
}

function migrate(db: SqliteDatabase, file: string, migrations: readonly Migration[]): void {
  // IMMEDIATE takes the write lock before reading the version, so that two processes starting
  // together run each step once: the second waits, then finds the schema already up to date.
  db.transaction(() => {
    const current = db.pragma("user_version", { simple: true }) as number;
    if (current > migrations.length) {
      throw new DatabaseError(
        `The database ${file} has schema version ${current}, but this code knows versions up to ${migrations.length}: ` +
          "it was written by a newer release. Refusing to start; run that release or restore a backup.",
      );
    }
    for (const migration of migrations.slice(current)) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
  }).immediate();
}

function checkMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new DatabaseError(`Migration "${migration.name}" has version ${migration.version} but is number ${index + 1} in the list`);
    }
  });
}
