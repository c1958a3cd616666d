import { useEffect, useRef } from "react";

/**
 * A row that scrolls sideways on a phone (filter chips) keeps its current item (`aria-current`) in
 * view: a page opened on the last category showed the first ones, the chosen one off screen. Only
 * the row scrolls, never the page. `current` names the item, so that the row follows a change.
 */
export function useCurrentItemInView<Row extends HTMLElement>(current: string | undefined) {
  const rowRef = useRef<Row>(null);
  useEffect(() => {
    const row = rowRef.current;
    const item = row?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row || !item || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    // A pixel of rounding is not out of view.
    if (itemBox.left >= rowBox.left - 1 && itemBox.right <= rowBox.right + 1) return;
    row.scrollLeft += itemBox.left - rowBox.left - (rowBox.width - itemBox.width) / 2;
  }, [current]);
  return rowRef;
}
