import { createHash, createHmac, randomBytes } from "node:crypto";
import { readFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { syncDirectory, writeFileDurably } from "../durable-file";
import { ARGON2ID } from "../identity/better-auth.server";

/** Where the generated password's hash is kept in DATA_DIR. */
export const EDITOR_PASSWORD_FILE = "editor-password.argon2";
/** Where, in production, the generated password itself is written once for the operator to read (and delete). */
export const EDITOR_GENERATED_PASSWORD_FILE = "editor-password.generated";

export interface EditorPassword {
  /** Whether `candidate` is the editor's password (argon2id, constant time). */
  matches(candidate: string): Promise<boolean>;
  /** Settled once the password is known (hashed, or read, or generated and stored). */
  readonly ready: Promise<void>;
  /**
   * Which password is in force, as a value that does not reveal it (a digest of its argon2id hash);
   * undefined until ready. Every server process on DATA_DIR computes the same one, and a new
   * password (EDITOR_PASSWORD changed, the hash file replaced) gives another: sessions opened
   * under the old one end.
   */
  fingerprint(): string | undefined;
}

/** How a generated password reaches the operator: the password itself (development), or the file that holds it (production). */
export type GeneratedPasswordNotice = { readonly password: string; readonly hashFile: string } | { readonly passwordFile: string; readonly hashFile: string };

/**
 * The embedded editor's password: EDITOR_PASSWORD when it is set; otherwise one generated at the
 * first start, of which only the argon2id hash is stored (DATA_DIR, readable by the server's user
 * only) and which `announce` hands on that once: the password itself, or with `keepGeneratedInFile`
 * (production, where no secret is logged) the path of a 0600 file holding it. There is never a
 * default password.
 */
export function editorPassword(options: {
  readonly configured: string | undefined;
  readonly dataDir: string;
  /** The site's secret: EDITOR_PASSWORD is hashed with a salt derived from it, so that every process holds the same hash. */
  readonly secret: string;
  readonly keepGeneratedInFile?: boolean;
  readonly announce: (notice: GeneratedPasswordNotice) => void;
}): EditorPassword {
  let fingerprint: string | undefined;
  const stored = storedHash(options).then((value) => {
    fingerprint = createHash("sha256").update(value).digest("base64url");
    return value;
  });
  return {
    matches: async (candidate) => verify(await stored, candidate).catch(() => false),
    ready: stored.then(() => undefined),
    fingerprint: () => fingerprint,
  };
}

async function storedHash(options: Parameters<typeof editorPassword>[0]): Promise<string> {
  if (options.configured) {
    const salt = createHmac("sha256", options.secret).update("editor-password-salt").digest().subarray(0, 16);
    return hash(options.configured, { ...ARGON2ID, salt });
  }
  const file = join(options.dataDir, EDITOR_PASSWORD_FILE);
  const existing = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing?.trim()) return existing.trim();
  const generated = randomBytes(18).toString("base64url");
  const stored = await hash(generated, ARGON2ID);
  await mkdir(options.dataDir, { recursive: true });
  await writeFileDurably(file, new TextEncoder().encode(`${stored}\n`), 0o600);
  if (options.keepGeneratedInFile) {
    const passwordFile = join(options.dataDir, EDITOR_GENERATED_PASSWORD_FILE);
    await writeFileDurably(passwordFile, new TextEncoder().encode(`${generated}\n`), 0o600);
    await syncDirectory(options.dataDir);
    options.announce({ passwordFile, hashFile: file });
  } else {
    await syncDirectory(options.dataDir);
    options.announce({ password: generated, hashFile: file });
  }
  return stored;
}
