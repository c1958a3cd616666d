/**
 * After a client-side navigation focus would stay on the link followed, on a page that is gone:
 * it goes to the new page's heading (or its main region), which a screen reader then reads, as
 * after a full load. A hash target keeps the focus the browser gives it.
 */
export function focusNewPage() {
  if (location.hash) return;
  const main = document.getElementById("main");
  const heading = main?.querySelector("h1");
  heading?.setAttribute("tabindex", "-1");
  (heading ?? main)?.focus({ preventScroll: true });
}
