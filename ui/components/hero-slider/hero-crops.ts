import type { ImageCrop } from "../content-picture/ContentPicture";

/**
 * A slide is the viewport's width and up to 40rem tall (44rem from 48rem): held upright, a portrait
 * box that a 16:9 picture covers only shown 1.6–3× wider than the screen. Upright, the picture is
 * served at about the slide's shape instead: 2:3 on phones, square up to 48rem, 4:3 on a tablet.
 * The editor previews the same crops around an image's focal point.
 */
export const HERO_CROPS: readonly ImageCrop[] = [
  { media: "(orientation: portrait) and (max-width: 29.99rem)", aspect: [2, 3], sizes: "100vw" },
  { media: "(orientation: portrait) and (max-width: 47.99rem)", aspect: [1, 1], sizes: "100vw" },
  { media: "(orientation: portrait)", aspect: [4, 3], sizes: "100vw" },
];
