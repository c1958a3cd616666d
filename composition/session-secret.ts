import { sessionSecretFrom } from "../adapters/runtime/signed-session.adapter";
import type { AppConfig } from "./config";

const derived = new WeakMap<AppConfig, string>();

/**
 * The secret that signs sessions, newsletter links and the editor's sessions: SESSION_SECRET, or
 * (the embedded defaults only) the one kept in DATA_DIR; read once per config (issue 53, item 5).
 */
export function sessionSecretOf(config: AppConfig): string {
  let secret = derived.get(config);
  if (secret === undefined) {
    secret = sessionSecretFrom(config.sessionSecret, config.dataDir);
    derived.set(config, secret);
  }
  return secret;
}
