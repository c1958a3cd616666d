// `npm run staff:grant -- <email> [--event <id>]...`: makes an account door staff (issue 54;
// composition/staff-cli.ts). Node 20 cannot run TypeScript, so Vite's module runner transforms the
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
  const { runStaffGrantCli } = await vite.ssrLoadModule("/composition/staff-cli.ts");
  process.exitCode = await runStaffGrantCli(process.argv.slice(2), process.env, {
    out: (text) => console.log(text),
    error: (text) => console.error(text),
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await vite.close();
}
// Firebase's clients keep connections open after their last call.
process.exit();
