// Buying is for signed-in users (issue 10).
export { signedInGuard as guard } from "../signed-in-guard";
