// `npm start`: builds when the build is missing or stale, then serves the production server.
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
const server = spawn(process.execPath, ["dist/server/index.mjs"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
