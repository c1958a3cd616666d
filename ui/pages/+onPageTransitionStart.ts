import { navigationProgress } from "../app/navigation-progress";

export function onPageTransitionStart() {
  navigationProgress?.send({ type: "START" });
}
