import type { IdentityPort } from "../core";
import type { IdentityConfig } from "./config";

let identity: Promise<IdentityPort> | undefined;

/**
 * The tab's identity provider (the local server's client, or Firebase's SDK), loaded on first use
 * and shared by the account pages and the API client of every other page. A module of its own, so
 * that a page that only needs a token loads neither the account pages' ports nor their texts.
 */
export function browserIdentity(config: IdentityConfig): Promise<IdentityPort> {
  return (identity ??= loadIdentity(config));
}

async function loadIdentity(config: IdentityConfig): Promise<IdentityPort> {
  if (config.provider === "firebase") {
    const { createFirebaseIdentity } = await import("../adapters/firebase/firebase-identity.adapter");
    return createFirebaseIdentity({
      config: { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
      baseUrl: window.location.origin,
      emulatorUrl: config.emulatorUrl,
    });
  }
  const { createLocalIdentity } = await import("../adapters/http/browser/local-identity.adapter");
  return createLocalIdentity({ baseUrl: window.location.origin });
}
