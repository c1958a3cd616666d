import { createActor } from "xstate";
import { loadingBarMachine } from "../../core";

/** The browser's one loading-bar actor, driven by Vike's page transitions; none on the server. */
export const navigationProgress = typeof window === "undefined" ? undefined : createActor(loadingBarMachine).start();
