import type { PageContextClient } from "vike/types";
import { navigationProgress } from "../shell/navigation-progress";
import { focusNewPage } from "../shell/navigation/focus-new-page";

export function onPageTransitionEnd(pageContext: PageContextClient) {
  // A navigation that lands on an error page ends the bar in the danger colour.
  const failed = pageContext.is404 === true || (pageContext.abortStatusCode ?? 0) >= 400;
  navigationProgress.send({ type: failed ? "ERROR" : "FINISH" });
  focusNewPage();
}
