import { randomBytes } from "node:crypto";
import { readFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { syncDirectory, writeFileDurably } from "../durable-file";
import { ARGON2ID } from "../identity/better-auth.server";

/** Where the generated password's hash is kept in DATA_DIR. */
export const EDITOR_PASSWORD_FILE = "editor-password.argon2";

export interface EditorPassword {
  /** Whether `candidate` is the editor's password (argon2id, constant time). */
  matches(candidate: string): Promise<boolean>;
  /** Settled once the password is known (hashed, or read, or generated and stored). */
  readonly ready: Promise<void>;
}

/**
 * The embedded editor's password: EDITOR_PASSWORD when it is set; otherwise one generated at the
 * first start, of which only the argon2id hash is stored (DATA_DIR, readable by the server's user
 * only) and which `announce` prints that once. There is never a default password.
 */
export function editorPassword(options: {
  readonly configured: string | undefined;
  readonly dataDir: string;
  readonly announce: (password: string, file: string) => void;
}): EditorPassword {
  const stored = storedHash(options);
  return {
    matches: async (candidate) => verify(await stored, candidate).catch(() => false),
    ready: stored.then(() => undefined),
  };
}

async function storedHash(options: Parameters<typeof editorPassword>[0]): Promise<string> {
  let stored: string;
  if (options.configured) {
    stored = await hash(options.configured, ARGON2ID);
  } else {
    const file = join(options.dataDir, EDITOR_PASSWORD_FILE);
    const existing = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (existing?.trim()) {
      stored = existing.trim();
    } else {
      const generated = randomBytes(18).toString("base64url");
      stored = await hash(generated, ARGON2ID);
      await mkdir(options.dataDir, { recursive: true });
      await writeFileDurably(file, new TextEncoder().encode(`${stored}\n`), 0o600);
      await syncDirectory(options.dataDir);
      options.announce(generated, file);
    }
  }
  return stored;
}
