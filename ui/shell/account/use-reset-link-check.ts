import { useEffect, useState } from "react";
import { accountErrorOf } from "../../../core";
import { useAccountServices } from "./account-services";

/**
 * Whether a reset link's code can still be used, asked of the identity provider as the page opens
 * (issue 49: a used link showed the form and failed once both passwords were typed). "checking"
 * until it answers; a failure other than a used or expired link leaves the form to say it.
 */
export function useResetLinkCheck(code: string): "checking" | "usable" | "unusable" {
  const services = useAccountServices();
  const [state, setState] = useState<"checking" | "usable" | "unusable">("checking");
  useEffect(() => {
    if (!code) return;
    let current = true;
    services()
      .identity()
      .then((identity) => identity.checkPasswordResetCode(code))
      .then(
        () => current && setState("usable"),
        (error: unknown) => current && setState(accountErrorOf(error) === "account.error.invalidOrExpiredLink" ? "unusable" : "usable"),
      );
    return () => {
      current = false;
    };
  }, [code, services]);
  return state;
}
