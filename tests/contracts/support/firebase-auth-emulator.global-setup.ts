import type { TestProject } from "vitest/node";
// @ts-expect-error -- a plain .mjs helper, also run by hand (`node scripts/firebase-emulator.mjs`)
import { startAuthEmulator } from "../../../scripts/firebase-emulator.mjs";
import { inCi } from "./in-ci";
import { oncePerRun } from "./once-per-run";

export type FirebaseAuthEmulator = { readonly host: string; readonly projectId: string } | { readonly skip: string };

declare module "vitest" {
  export interface ProvidedContext {
    firebaseAuthEmulator: FirebaseAuthEmulator;
  }
}

/**
 * The `firebase` and `cluster` projects' global setup: one Auth emulator for the whole run (firebase-tools is
 * installed into a cache folder on first use), or the one FIREBASE_AUTH_EMULATOR_HOST names. Where it cannot be installed or started, CI fails
 * loudly and a developer's run skips the Firebase runner with the reason.
 */
export default async function setup(project: TestProject) {
  // One started by hand (`node scripts/firebase-emulator.mjs`) saves its start-up on every run.
  const running = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (running) {
    project.provide("firebaseAuthEmulator", { host: running, projectId: "demo-arena" });
    return;
  }
  let emulator: { value: { host: string; projectId: string }; release: () => Promise<void> };
  try {
    emulator = await oncePerRun("firebase-auth-emulator", async () => {
      const started = await startAuthEmulator({ log: (line: string) => console.log(line) });
      return { value: { host: started.host, projectId: started.projectId }, stop: started.stop };
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (inCi()) throw new Error(`The Firebase Auth emulator is needed in CI and could not start: ${reason}`, { cause: error });
    console.warn(`[firebase-emulator] not started: ${reason}`);
    project.provide("firebaseAuthEmulator", {
      skip: `the Firebase Auth emulator could not be installed or started here (${reason.split("\n")[0]}); in CI this fails the run`,
    });
    return;
  }
  project.provide("firebaseAuthEmulator", emulator.value);
  return emulator.release;
}
