import { generateKeyPairSync } from "node:crypto";
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

export const TICKET_SIGNING_KEY_FILE = "ticket-signing-key.pem";

/**
 * The Ed25519 private key tickets are signed with: TICKET_SIGNING_KEY when configured (a server
 * farm shares one key), else the one kept in DATA_DIR, made at first start. Written whole or not
 * at all (a temporary file, fsync, then linked into place), readable by the server's user only: a torn or lost key
 * would make every ticket sold so far unverifiable. Two processes starting at once keep one key:
 * the file is linked into place only if none is there yet, and whoever loses reads the winner's.
 */
export function loadTicketSigningKey({ configuredKey, dataDir }: { readonly configuredKey: string | undefined; readonly dataDir: string }): string {
  if (configuredKey) return configuredKey;
  const path = join(dataDir, TICKET_SIGNING_KEY_FILE);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
  }
  const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const file = openSync(temporary, "wx", 0o600);
  try {
    writeSync(file, pem);
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(path, "utf8");
}
