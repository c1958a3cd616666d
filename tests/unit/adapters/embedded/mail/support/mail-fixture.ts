import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { createConsoleLogger } from "../../../../../../adapters/runtime/console-logger.adapter";
import { openDatabase, type SqliteDatabase } from "../../../../../../adapters/embedded/database/open-database";
import type { Logger, MailMessage } from "../../../../../../core";

/**
 * A data directory in a temp folder, for this test file: `open()` gives a new connection to its
 * database (one per simulated process), all closed and deleted after each test.
 */
export function useDataDir(): { readonly dir: () => string; readonly open: () => SqliteDatabase } {
  let dir: string | undefined;
  const opened: SqliteDatabase[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.open) db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const current = () => (dir ??= mkdtempSync(join(tmpdir(), "arena-mail-")));
  return {
    dir: current,
    open() {
      const db = openDatabase(join(current(), "data"));
      opened.push(db);
      return db;
    },
  };
}

/** The real console logger, writing to an array instead of stdout. */
export function recordingLogger(): { readonly logger: Logger; readonly lines: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  return { logger: createConsoleLogger((line) => lines.push(line)), lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

export const verifyMail = (to: string, locale: MailMessage["locale"] = "es"): MailMessage => ({
  to,
  locale,
  template: "verifyEmail",
  params: { link: `https://arena.test/${locale}/verify/?code=${encodeURIComponent(to)}` },
});

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2030, 0, 15, 10)): { now: () => number; set: (ms: number) => void; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, set: (ms) => void (time = ms), advance: (ms) => void (time += ms) };
}
