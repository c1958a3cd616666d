import { CompiledQuery, SqliteAdapter, SqliteDriver, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Dialect } from "kysely";
import type { SqliteDatabase } from "../database/open-database";

/**
 * Kysely's SQLite driver with transactions that begin IMMEDIATE. better-auth reads, then writes,
 * in one transaction (a sign-up looks for the address, then creates the user); begun DEFERRED, it
 * takes the write lock only at its first write, and when another server process on the same file
 * wrote meanwhile, SQLite answers SQLITE_BUSY at once instead of waiting for the busy timeout.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export function immediateSqliteDialect(db: SqliteDatabase): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateTransactionsDriver({ database: db }),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
