import type { TestProject } from "vitest/node";
// @ts-expect-error -- a plain .mjs helper, also run by hand (`node scripts/firestore-emulator.mjs`)
import { startFirestoreEmulator } from "../../../scripts/firestore-emulator.mjs";
import { inCi } from "./in-ci";
import { oncePerRun } from "./once-per-run";

export type FirestoreEmulator = { readonly host: string } | { readonly skip: string };

declare module "vitest" {
  export interface ProvidedContext {
    firestoreEmulator: FirestoreEmulator;
  }
}

/**
 * The `firebase` and `cluster` projects' global setup: one Firestore emulator (Debian's, on Java 17)
 * for the whole run, or the one FIRESTORE_EMULATOR_HOST names. Where it cannot start, CI fails loudly
 * and a developer's run skips the Firestore runners with the reason.
 */
export default async function setup(project: TestProject) {
  // One started by hand (`node scripts/firestore-emulator.mjs`) saves its start-up on every run.
  const running = process.env.FIRESTORE_EMULATOR_HOST;
  if (running) {
    project.provide("firestoreEmulator", { host: running });
    return;
  }
  let emulator: { value: { host: string }; release: () => Promise<void> };
  try {
    emulator = await oncePerRun("firestore-emulator", async () => {
      const started = await startFirestoreEmulator({ log: (line: string) => console.log(line) });
      return { value: { host: started.host }, stop: started.stop };
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (inCi()) throw new Error(`The Firestore emulator is needed in CI and could not start: ${reason}`, { cause: error });
    console.warn(`[firestore-emulator] not started: ${reason}`);
    project.provide("firestoreEmulator", {
      skip: `the Firestore emulator could not start here (${reason.split("\n")[0]}); in CI this fails the run`,
    });
    return;
  }
  project.provide("firestoreEmulator", emulator.value);
  return emulator.release;
}
