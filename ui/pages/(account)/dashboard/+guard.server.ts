// Only signed-in users reach the dashboard (SPEC §6).
export { signedInGuard as guard } from "../../signed-in-guard";
