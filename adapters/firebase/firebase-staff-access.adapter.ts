import type { Auth } from "firebase-admin/auth";
import type { StaffAccessPort, StaffEvents } from "../../core";

/** The custom claim that makes an account door staff: "all", or the event story uuids. */
export const STAFF_CLAIM = "doorStaff";

/** Firebase Auth's code for an address no account has. */
const USER_NOT_FOUND = "auth/user-not-found";

/**
 * Door staff on Firebase: a custom claim on the account (kept beside any other claims), read from
 * the account itself on each staff request, so a grant takes effect at once and a deleted account
 * loses it with everything else.
 */
export function createFirebaseStaffAccess({ auth }: { readonly auth: Auth }): StaffAccessPort {
  return {
    async eventsOf(uid) {
      const claim = await auth.getUser(uid).then(
        (user) => user.customClaims?.[STAFF_CLAIM] as unknown,
        (error: unknown) => {
          if ((error as { code?: unknown }).code === USER_NOT_FOUND) return undefined;
          throw error;
        },
      );
      if (claim === "all") return "all";
      return Array.isArray(claim) && claim.every((event) => typeof event === "string") ? (claim as string[]) : null;
    },
    async grant(email, events: StaffEvents) {
      const user = await auth.getUserByEmail(email.trim()).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === USER_NOT_FOUND) return null;
        throw error;
      });
      if (!user) return false;
      await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [STAFF_CLAIM]: events === "all" ? "all" : [...events] });
      return true;
    },
  };
}
