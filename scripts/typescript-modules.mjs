// Node 20 cannot run TypeScript: Vite's module runner transforms the sources on the fly, without
// the site's plugins and without a build, for the scripts that run the composition's commands.
import { createServer } from "vite";

/** Calls `use` with a loader of the repository's TypeScript modules (by path from its root). */
export async function withTypeScriptModules(use) {
  const vite = await createServer({
    configFile: false,
    envFile: false,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await use((path) => vite.ssrLoadModule(path));
  } finally {
    await vite.close();
  }
}

/**
 * Runs a command of composition/ (`run(args, env, { out, error })` answering its exit code) with
 * this process's arguments and environment, then exits: Firebase's clients keep connections open
 * after their last call.
 */
export async function runTypeScriptCommand(modulePath, exportName) {
  try {
    process.exitCode = await withTypeScriptModules(async (load) =>
      (await load(modulePath))[exportName](process.argv.slice(2), process.env, {
        out: (text) => console.log(text),
        error: (text) => console.error(text),
      }),
    );
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
  process.exit();
}
