import type { SnapshotFrom } from "xstate";
import type { localeMachine } from "./locale.machine";
import type { LocaleCode } from "./locale.settings";

export interface LocaleView {
  readonly locale: LocaleCode;
  /** A change is under way: the switcher shows it and ignores further clicks. */
  readonly switching: boolean;
  readonly switchingTo: LocaleCode | undefined;
  /** The last change failed to load its messages; the page stays in its locale. */
  readonly failed: boolean;
}

export function localeView(snapshot: SnapshotFrom<typeof localeMachine>): LocaleView {
  const switching = snapshot.matches("loadingFallback") || snapshot.matches("loadingTarget");
  return {
    locale: snapshot.context.locale,
    switching,
    switchingTo: switching ? snapshot.context.target : undefined,
    failed: snapshot.context.failed,
  };
}
