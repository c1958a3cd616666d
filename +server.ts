import cluster from "node:cluster";
import type { Server } from "vike/types";
import { nodeExecutionContext } from "./adapters/http/server/node-execution-context";
import { PAGE_METHODS, vikePages } from "./adapters/http/server/vike-pages.handler";
import { createServerApp, serverServices } from "./composition/server";

const app = startedOrExit(createServerApp);
app.on(PAGE_METHODS, "*", vikePages());
const executionContext = nodeExecutionContext(serverServices().logger);
// The first process of a fresh DATA_DIR makes the editor's password before it listens: the next ones
// (scripts/serve.mjs starts them once it listens) find it made.
await serverServices().editor?.ready;

export default {
  fetch: (request: Request) => app.fetch(request, undefined, executionContext),
  prod: {
    port: serverServices().config.port,
    hostname: serverServices().config.host,
    static: false,
    // srvx listens exclusively unless told otherwise: a worker of scripts/serve.mjs shares the
    // primary's socket instead (Node 20 has no SO_REUSEPORT; this flag turns exclusivity off).
    reusePort: cluster.isWorker,
    // SIGTERM drains the server (readiness 503, requests under way finish within SHUTDOWN_DRAIN_MS,
    // background work stopped) and exits 0: adapters/http/server/server-lifecycle.ts.
    onCreate: (server) => serverServices().lifecycle.stopOnSignals(server),
  },
} satisfies Server;

/**
 * Vike keeps the process up through uncaught errors, so a server that cannot start (a bad
 * setting) would exit 0, and a worker of scripts/serve.mjs would stay up without listening: it
 * stops here, with the message and a failing exit code.
 */
function startedOrExit<T>(start: () => T): T {
  try {
    return start();
  } catch (error) {
    console.error(error);
    return process.exit(1);
  }
}
