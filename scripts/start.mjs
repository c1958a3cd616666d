// `npm start`: builds when the build is missing or stale, then serves the production server.
import { buildIfStale } from "./build-if-stale.mjs";
import { serve, serverWorkers } from "./serve.mjs";

const workers = serverWorkers();
buildIfStale();
process.env.NODE_ENV ??= "production";
await serve(workers);
