/**
 * How wide a card's picture is in the grid: the container less its gutters (`--gutter`, 4vw up to
 * 2rem) in one column, two from 41rem, three from 61rem, and 22rem once the container stops growing
 * at 72rem. The browser chooses the picture's size by it.
 */
export const EVENT_GRID_IMAGE_SIZES = "(min-width: 72rem) 22rem, (min-width: 61rem) calc((100vw - 7rem) / 3), (min-width: 41rem) calc((100vw - 6rem) / 2), 92vw";
