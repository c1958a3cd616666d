import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { KIOSK_SERVICE_WORKER_TEMPLATE, kioskServiceWorker } from "../scripts/vite-plugins/kiosk-service-worker.ts";

const BASE = "/kiosk/";

/**
 * The door kiosk's own build (issue 54): a second small Vite build beside Vike's, so that the
 * site's chunk groups, page JavaScript and HTML are untouched by it. Its files land in the site's
 * client folder under /kiosk/, which the production server serves like the site's own.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: BASE,
  plugins: [react(), kioskServiceWorker({ template: KIOSK_SERVICE_WORKER_TEMPLATE, publicDir: `${import.meta.dirname}/public`, base: BASE })],
  publicDir: "public",
  build: { target: "es2022", outDir: "../dist/client/kiosk", emptyOutDir: true, modulePreload: false },
});
