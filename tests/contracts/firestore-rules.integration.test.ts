import { readFileSync } from "node:fs";
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { setLogLevel } from "firebase/firestore";
import { afterAll, beforeAll, describe, it } from "vitest";
import { EDITOR_SESSIONS_COLLECTION } from "../../adapters/firebase/firestore-editor-sessions.adapter";
import { EXTERNAL_TICKET_CLICKS_COLLECTION } from "../../adapters/firebase/firestore-external-ticket-clicks.adapter";
import { FORM_INBOX_COLLECTIONS } from "../../adapters/firebase/firestore-form-inbox.adapter";
import { NEWSLETTER_COLLECTION } from "../../adapters/firebase/firestore-newsletter-subscriptions.adapter";
import { SPENT_TOKENS_COLLECTION } from "../../adapters/firebase/firestore-spent-tokens.adapter";
import { TICKET_STORE_COLLECTIONS } from "../../adapters/firebase/firestore-ticket-store.adapter";
import { USER_PROFILE_COLLECTIONS } from "../../adapters/firebase/firestore-user-profile.adapter";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "./support/firestore-emulator";

// firestore.rules (what `firebase deploy --only firestore:rules` deploys) on Firestore's emulator:
// the server writes with the Admin SDK, which rules do not govern; a browser's client SDK, signed
// in or not, gets nothing. storage.rules says the same for Storage, whose emulator cannot run here
// (it needs Java 21 and downloads its rules runtime): it is not tested on one.

const COLLECTIONS = [
  ...Object.values(USER_PROFILE_COLLECTIONS),
  ...Object.values(TICKET_STORE_COLLECTIONS),
  ...Object.values(FORM_INBOX_COLLECTIONS),
  NEWSLETTER_COLLECTION,
  SPENT_TOKENS_COLLECTION,
  EXTERNAL_TICKET_CLICKS_COLLECTION,
  EDITOR_SESSIONS_COLLECTION,
  "aCollectionNoCodeHasYet",
];

const USER = "user-1";

const NAME = `Firestore's security rules (emulator at ${firestoreEmulatorHost ?? "—"})`;

if (FIRESTORE_RUNNER_OPTIONS.skip !== undefined) {
  console.warn(`[contract] ${NAME}: skipped, ${FIRESTORE_RUNNER_OPTIONS.skip}`);
  describe.skip(`${NAME} (skipped: ${FIRESTORE_RUNNER_OPTIONS.skip})`, () => {
    it("give browsers nothing", () => {});
  });
} else describe(`${NAME} give browsers nothing`, () => {
  let rules: RulesTestEnvironment;

  beforeAll(async () => {
    // Each refusal is what is asserted: the client SDK's log line for each is noise.
    setLogLevel("silent");
    const [host, port] = (firestoreEmulatorHost ?? "").split(":");
    rules = await initializeTestEnvironment({
      projectId: `demo-arena-rules-${Date.now()}`,
      firestore: { host, port: Number(port), rules: readFileSync("firestore.rules", "utf8") },
    });
    // Documents the server wrote (the Admin SDK is not bound by rules), the user's own among them.
    await rules.withSecurityRulesDisabled(async (server) => {
      for (const collection of COLLECTIONS) await assertSucceeds(server.firestore().collection(collection).doc(USER).set({ userId: USER, written: "by the server" }));
    });
  });
  afterAll(async () => {
    await rules?.cleanup();
  });

  const visitors = () => [
    { who: "an anonymous visitor", firestore: rules.unauthenticatedContext().firestore() },
    { who: "the signed-in owner of the documents", firestore: rules.authenticatedContext(USER, { email_verified: true }).firestore() },
  ];

  it.each(COLLECTIONS)("lets no browser read %s, neither one document nor a list", async (collection) => {
    for (const { firestore } of visitors()) {
      await assertFails(firestore.collection(collection).doc(USER).get());
      await assertFails(firestore.collection(collection).where("userId", "==", USER).get());
    }
  });

  it.each(COLLECTIONS)("lets no browser create, change or delete anything in %s", async (collection) => {
    for (const { firestore } of visitors()) {
      await assertFails(firestore.collection(collection).doc("made-by-a-browser").set({ userId: USER }));
      await assertFails(firestore.collection(collection).doc(USER).update({ written: "by a browser" }));
      await assertFails(firestore.collection(collection).doc(USER).delete());
    }
  });

  it("lets no browser into a nested collection (a ticket type's stock shards)", async () => {
    for (const { firestore } of visitors()) {
      await assertFails(firestore.collection(TICKET_STORE_COLLECTIONS.stock).doc("ticket-type").collection("shards").doc("0").get());
      await assertFails(firestore.collectionGroup("shards").get());
    }
  });
});
