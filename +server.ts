import type { Server } from "vike/types";
import { nodeExecutionContext } from "./adapters/http/server/node-execution-context";
import { PAGE_METHODS, vikePages } from "./adapters/http/server/vike-pages.handler";
import { createServerApp, serverServices } from "./composition/server";

const app = createServerApp();
app.on(PAGE_METHODS, "*", vikePages());
const executionContext = nodeExecutionContext(serverServices().logger);

export default {
  fetch: (request: Request) => app.fetch(request, undefined, executionContext),
  prod: { port: serverServices().config.port, hostname: serverServices().config.host, static: false },
} satisfies Server;
