import type { LoadingBarEvent, LoadingBarView } from "../../core";

export const HIDDEN_LOADING_BAR: LoadingBarView = { visible: false, progress: 0, color: "primary", heightPx: 3, busy: false };

/**
 * The browser's one loading bar, driven by Vike's page transitions. Its machine (and XState) load
 * on the first transition, not with the page: events sent before then are kept and replayed in
 * order. The view is hidden until the machine says otherwise; the server renders it hidden.
 */
function createNavigationProgress() {
  let view = HIDDEN_LOADING_BAR;
  let actor: { send(event: LoadingBarEvent): void } | undefined;
  let loading: Promise<void> | undefined;
  const pending: LoadingBarEvent[] = [];
  const listeners = new Set<() => void>();

  const load = () => {
    loading ??= import("./loading-bar/loading-bar-actor").then(
      ({ startLoadingBar }) => {
        actor = startLoadingBar((next) => {
          view = next;
          for (const listener of listeners) listener();
        });
        for (const event of pending.splice(0)) actor.send(event);
      },
      // Offline or a build gone: navigation goes on without the bar; the next transition tries again.
      () => {
        loading = undefined;
        pending.length = 0;
      },
    );
  };

  return {
    send(event: LoadingBarEvent) {
      if (actor) return actor.send(event);
      pending.push(event);
      load();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view: () => view,
  };
}

export const navigationProgress = createNavigationProgress();
