import { running, visitorClient } from "./cluster";

/**
 * What the browser's Firebase SDK does for the visitor, as the Auth emulator's REST API: sign up,
 * send the verification mail, open its link, sign in. Firebase sends the mail itself; the emulator
 * lists its codes at `/emulator/v1/projects/<id>/oobCodes` instead of sending it.
 */
export function firebaseAuth() {
  const { authEmulatorUrl, projectId } = running();
  const identityToolkit = async <T>(method: string, body: unknown): Promise<T> => {
    const response = await fetch(`${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=emulator-api-key`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`accounts:${method} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const signIn = (email: string, password: string) =>
    identityToolkit<{ idToken: string; localId: string }>("signInWithPassword", { email, password, returnSecureToken: true });

  return {
    signUp: (email: string, password: string) => identityToolkit<{ idToken: string; localId: string }>("signUp", { email, password, returnSecureToken: true }),
    signIn,
    sendVerification: (idToken: string) => identityToolkit("sendOobCode", { requestType: "VERIFY_EMAIL", idToken }),
    /** Opens the newest verification link Firebase would have mailed to `email`. */
    async verifyEmail(email: string) {
      const listed = await fetch(`${authEmulatorUrl}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes } = (await listed.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
      const code = oobCodes.filter((entry) => entry.email === email && entry.requestType === "VERIFY_EMAIL").at(-1);
      if (!code) throw new Error(`No verification code for ${email}`);
      await identityToolkit("update", { oobCode: code.oobCode });
    },
    /** An account made verified at once, as the Admin SDK can (for crowds whose sign-up is not what is tested). */
    async verifiedAccount(email: string, password: string) {
      const response = await fetch(`${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
        body: JSON.stringify({ email, password, emailVerified: true }),
      });
      if (!response.ok) throw new Error(`creating ${email} answered ${response.status}: ${await response.text()}`);
      return signIn(email, password);
    },
  };
}

/** A verified visitor signed in to the site through the balancer, ready to buy. */
/** `from`: the loopback address the buyer connects from (visitorClient). */
export async function signedInBuyer(email: string, from?: string) {
  const password = "Correct-Horse-Battery-9";
  const { idToken } = await firebaseAuth().verifiedAccount(email, password);
  const visitor = visitorClient({}, from);
  const session = await visitor.call("/api/__session", { method: "POST", body: { token: idToken } });
  if (session.status !== 200) throw new Error(`the session endpoint answered ${session.status}: ${await session.text()}`);
  return visitor;
}
