// `npm run leads:export` and `npm run leads:purge`: the staff's tools for the lead forms
// (composition/leads-cli.ts). Node 20 cannot run TypeScript, so Vite's module runner transforms the
// sources on the fly, without the site's plugins and without a build.
import { createServer } from "vite";

const vite = await createServer({
  configFile: false,
  envFile: false,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { runLeadsCli } = await vite.ssrLoadModule("/composition/leads-cli.ts");
  process.exitCode = await runLeadsCli(process.argv.slice(2), process.env, {
    out: (text) => console.log(text),
    error: (text) => console.error(text),
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await vite.close();
}
// Firestore's and Storage's clients keep connections open after their last call.
process.exit();
