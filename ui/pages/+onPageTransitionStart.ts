import { navigationProgress } from "../shell/navigation-progress";

export function onPageTransitionStart() {
  navigationProgress.send({ type: "START" });
}
