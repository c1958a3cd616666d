import { generateKeyPairSync, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error -- a plain .mjs helper shared with npm start
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
// @ts-expect-error -- a plain .mjs helper, also run by hand
import { freePorts } from "../../scripts/firebase-emulator.mjs";
import { inCi } from "../contracts/support/in-ci";
import { startLocalSmtpServer } from "../unit/adapters/mail/support/local-smtp-server";
import { controlUrlOf, startControlServer } from "./support/control";
import { TICKET_SHARDS } from "./support/ticket-shards";
import { HAPROXY, startBalancer } from "./support/haproxy";
import { clusterInstance } from "./support/instance";

export type Cluster =
  | {
      /** haproxy's address: the site as visitors reach it. */
      readonly url: string;
      readonly instances: readonly { readonly name: string; readonly url: string }[];
      /** The control plane (support/control.ts). */
      readonly controlUrl: string;
      readonly authEmulatorUrl: string;
      readonly projectId: string;
      /** The content folder every instance serves (CONTENT_DIR), as a shared disk. */
      readonly contentDir: string;
      readonly editorPassword: string;
    }
  | { readonly skip: string };

declare module "vitest" {
  export interface ProvidedContext {
    cluster: Cluster;
  }
}

const INSTANCES = ["a", "b", "c"];
/** Where haproxy asks whether an instance takes requests: its readiness, 503 from its SIGTERM on (issue 50, item 4). */
const READINESS = "/api/ready";

/**
 * The `cluster` project's global setup, after the emulators' (which it shares with the `firebase`
 * project): the production build, three production instances on Firebase's Auth and Firestore
 * emulators, each with a disk of its own and the same shared secrets, one SMTP server for all, and
 * haproxy in front; once per run.
 */
export default async function setup(project: TestProject) {
  const { firebaseAuthEmulator: auth, firestoreEmulator: firestore } = project.getProvidedContext();
  if ("skip" in auth || "skip" in firestore || !existsSync(HAPROXY)) {
    const missing =
      "skip" in auth ? auth.skip : "skip" in firestore ? firestore.skip : `${HAPROXY} is missing: install Debian's haproxy (apt-get install haproxy) or set HAPROXY`;
    if (inCi()) throw new Error(`The cluster test needs the emulators and haproxy in CI: ${missing}`);
    project.provide("cluster", { skip: missing });
    return;
  }

  buildIfStale({ log: () => {} });
  const [balancerPort, ...ports] = (await freePorts(INSTANCES.length + 1)) as number[];
  const url = `http://127.0.0.1:${balancerPort}`;
  const contentDir = mkdtempSync(join(tmpdir(), "arena-cluster-content-"));
  cpSync("content", contentDir, { recursive: true });
  const smtp = await startLocalSmtpServer();
  const editorPassword = randomBytes(18).toString("base64url");
  // What every instance must agree on, given to each as a platform's secret manager would.
  const secrets = {
    TICKET_SIGNING_KEY: generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    EDITOR_PASSWORD: editorPassword,
    CONTENT_PREVIEW_TOKEN: randomBytes(18).toString("base64url"),
    STORYBLOK_WEBHOOK_SECRET: randomBytes(18).toString("base64url"),
  };
  const env = {
    ...secrets,
    NODE_ENV: "production",
    PUBLIC_ORIGIN: url,
    FIREBASE_PROJECT_ID: auth.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIRESTORE_EMULATOR_HOST: firestore.host,
    CONTENT_DIR: contentDir,
    SMTP_URL: smtp.url,
    // A failed delivery is tried again soon: the delivery loop's round takes it.
    MAIL_RETRY_FIRST_DELAY_MS: "200",
    // One process per instance: the instances, not a machine's workers, are what is tested.
    SERVER_WORKERS: "1",
    // haproxy appends the client's address; every test client is 127.0.0.1, so the per-address limits are raised.
    TRUSTED_PROXY: "1",
    // Forms: the SIGTERM scenario alone posts hundreds from this one address, and an emulator reused
    // between runs (docs/cluster.md) keeps the counts of the runs before within its 10-minute window.
    FORMS_RATE_LIMIT: "100000",
    TICKET_HOLD_ADDRESS_RATE_LIMIT: "1000",
    TICKETS_FIRESTORE_SHARDS: String(TICKET_SHARDS),
    LOG_REQUESTS: "false",
    // After SIGTERM an instance keeps serving while its readiness says 503, longer than haproxy's
    // checks take to take it out (500 ms × fall 2), then drains: no request meets a closed port.
    SHUTDOWN_GRACE_MS: "1500",
  };
  const instances = INSTANCES.map((name, index) => clusterInstance(name, ports[index]!, env));
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  let control: Awaited<ReturnType<typeof startControlServer>> | undefined;
  const teardown = async () => {
    await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)));
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.dispose()));
    await smtp.stop();
    rmSync(contentDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    balancer = await startBalancer({ port: balancerPort!, servers: instances.map(({ name, port }) => ({ name, port })), checkPath: READINESS });
    control = await startControlServer({ instances, smtp, balancer });
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide("cluster", {
    url,
    instances: instances.map(({ name, url: instanceUrl }) => ({ name, url: instanceUrl })),
    controlUrl: controlUrlOf(control),
    authEmulatorUrl: `http://${auth.host}`,
    projectId: auth.projectId,
    contentDir,
    editorPassword,
  });
  return teardown;
}
