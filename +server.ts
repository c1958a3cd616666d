import vike from "@vikejs/hono";
import type { Server } from "vike/types";
import { createServerApp, serverServices } from "./composition/server";

const app = createServerApp();
vike(app);

export default {
  fetch: app.fetch,
  prod: { port: serverServices().config.port, hostname: serverServices().config.host, static: false },
} satisfies Server;
