import { readFileSync } from "node:fs";

/** Per chunk of the build, its bytes by package (written by scripts/vite-plugins/js-composition.ts). */
export const composition = JSON.parse(readFileSync("dist/js-composition.json", "utf8")) as Record<string, Record<string, number>>;
