// `npm run staff:grant -- <email> [--event <id>]...`: makes an account door staff (issue 54;
// composition/staff-cli.ts).
import { runTypeScriptCommand } from "./typescript-modules.mjs";

await runTypeScriptCommand("/composition/staff-cli.ts", "runStaffGrantCli");
