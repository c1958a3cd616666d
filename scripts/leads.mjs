// `npm run leads:export` and `npm run leads:purge`: the staff's tools for the lead forms
// (composition/leads-cli.ts).
import { runTypeScriptCommand } from "./typescript-modules.mjs";

await runTypeScriptCommand("/composition/leads-cli.ts", "runLeadsCli");
