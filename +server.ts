import vike from "@vikejs/hono";
import type { Server } from "vike/types";
import { nodeExecutionContext } from "./adapters/http/server/node-execution-context";
import { formPostContext } from "./adapters/http/server/page-form-posts.middleware";
import { createServerApp, serverServices } from "./composition/server";

const app = createServerApp();
vike(app, [formPostContext]);
const executionContext = nodeExecutionContext(serverServices().logger);

export default {
  fetch: (request: Request) => app.fetch(request, undefined, executionContext),
  prod: { port: serverServices().config.port, hostname: serverServices().config.host, static: false },
} satisfies Server;
