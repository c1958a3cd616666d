import vike from "@vikejs/hono";
import type { Server } from "vike/types";
import { formPostContext } from "./adapters/http/server/page-form-posts.middleware";
import { createServerApp, serverServices } from "./composition/server";

const app = createServerApp();
vike(app, [formPostContext]);

export default {
  fetch: app.fetch,
  prod: { port: serverServices().config.port, hostname: serverServices().config.host, static: false },
} satisfies Server;
