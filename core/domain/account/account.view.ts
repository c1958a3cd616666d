import type { SnapshotFrom } from "xstate";
import { accountStanding, type AccountStanding, type AccountUser } from "./account.ops";
import { ACCOUNT_PROGRESS_KEYS, type AccountErrorKey, type AccountProgressKey } from "./account-error.ops";
import type { accountMachine, AccountNoticeKey } from "./account.machine";

type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
type AccountState = AccountSnapshot["value"];

/** What each operation's button or status line says while it runs. */
const PROGRESS: Partial<Record<AccountState, AccountProgressKey>> = {
  signingIn: ACCOUNT_PROGRESS_KEYS.signingIn,
  requestingSignInLink: ACCOUNT_PROGRESS_KEYS.sendingEmail,
  signingInWithLink: ACCOUNT_PROGRESS_KEYS.signingIn,
  registering: ACCOUNT_PROGRESS_KEYS.creatingAccount,
  requestingPasswordReset: ACCOUNT_PROGRESS_KEYS.sendingEmail,
  resendingVerification: ACCOUNT_PROGRESS_KEYS.sendingEmail,
  resettingPassword: ACCOUNT_PROGRESS_KEYS.saving,
  updatingProfile: ACCOUNT_PROGRESS_KEYS.saving,
  updatingLanguage: ACCOUNT_PROGRESS_KEYS.saving,
  updatingPassword: ACCOUNT_PROGRESS_KEYS.saving,
  verifyingEmail: ACCOUNT_PROGRESS_KEYS.verifyingEmail,
  checkingVerification: ACCOUNT_PROGRESS_KEYS.checkingVerification,
  signingOut: ACCOUNT_PROGRESS_KEYS.signingOut,
  deleting: ACCOUNT_PROGRESS_KEYS.deletingAccount,
};

export interface AccountView {
  /** Unknown until the provider has restored a persisted sign-in. */
  readonly standing: AccountStanding | "unknown";
  readonly user: AccountUser | null;
  /** An operation runs: forms keep their values and ignore further submits. */
  readonly busy: boolean;
  readonly progressKey: AccountProgressKey | undefined;
  readonly errorKey: AccountErrorKey | undefined;
  readonly noticeKey: AccountNoticeKey | undefined;
  /** The deletion confirmation modal is open. */
  readonly confirmingDeletion: boolean;
  // What the user may do now. Pending verification allows only resending, checking and signing out (SPEC §4, §6).
  readonly canSignIn: boolean;
  readonly canRegister: boolean;
  readonly canResetPassword: boolean;
  readonly canResendVerification: boolean;
  readonly canCheckVerification: boolean;
  readonly canSignOut: boolean;
  readonly canPurchase: boolean;
  readonly canEditProfile: boolean;
  /** The language preference alone: pending users too. */
  readonly canChangeLanguage: boolean;
  readonly canUpdatePassword: boolean;
  readonly canDeleteAccount: boolean;
}

export function accountView(snapshot: AccountSnapshot): AccountView {
  const state = snapshot.value;
  const standing = state === "restoring" ? "unknown" : accountStanding(snapshot.context.user);
  const progressKey = PROGRESS[state];
  const at = (...states: AccountState[]) => states.includes(state);
  return {
    standing,
    user: snapshot.context.user,
    busy: progressKey !== undefined || state === "restoring",
    progressKey,
    errorKey: snapshot.context.error,
    noticeKey: snapshot.context.notice,
    confirmingDeletion: state === "confirmingDeletion",
    canSignIn: at("signedOut"),
    canRegister: at("signedOut"),
    canResetPassword: at("signedOut"),
    canResendVerification: at("pendingVerification"),
    canCheckVerification: at("pendingVerification", "verificationSent"),
    canSignOut: at("pendingVerification", "verificationSent", "verified"),
    // Not an event of this machine: the tickets' purchase asks whether the account is verified.
    canPurchase: standing === "verified",
    canEditProfile: at("verified"),
    canChangeLanguage: at("pendingVerification", "verified"),
    canUpdatePassword: at("verified"),
    canDeleteAccount: at("verified"),
  };
}
