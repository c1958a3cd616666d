import { useId, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { reload } from "vike/client/router";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { useAccountServices } from "../../../shell/account/account-services";

/** Whether the code has a receipt's shape; its schema and Effect come after hydration, with the profile form's. */
async function isClaimable(code: string): Promise<boolean> {
  const { isClaimablePurchaseCode } = await import("../../../../core/domain/tickets/ticket-requests.schema");
  return isClaimablePurchaseCode({ code });
}

/**
 * SPEC 'purchase code': tickets bought at the box office come into the account with the code on
 * the receipt, once. The user's events are read again when it worked.
 */
export function PurchaseCodeForm({ disabled }: { readonly disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const services = useAccountServices();
  const [code, setCode] = useState("");
  const [state, setState] = useState<{ busy: boolean; error?: string; reloadNeeded?: boolean; fieldError?: string; notice?: string }>({ busy: false });

  async function claim() {
    setState({ busy: true });
    const claimable = await isClaimable(code).catch(() => undefined);
    if (claimable === undefined) {
      // A failed import stays failed until the page reloads (as in useSchemaForm).
      setState({ busy: false, error: t("feedback.error.reloadNeeded"), reloadNeeded: true });
      return;
    }
    if (!claimable) {
      setState({ busy: false, fieldError: t("tickets.claim.invalidCode") });
      return;
    }
    try {
      await services().api.request("/api/tickets/claims", { method: "POST", body: { code } });
      setCode("");
      setState({ busy: false, notice: t("tickets.claim.done") });
      await reload();
    } catch (error) {
      const message = (error as { message?: unknown }).message;
      setState({ busy: false, error: t(typeof message === "string" && message.includes(".") ? message : "feedback.error.generic") });
    }
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled && !state.busy) void claim();
      }}
    >
      <TextField
        id={`${id}-code`}
        name="code"
        label={t("tickets.claim.label")}
        hint={t("tickets.claim.hint")}
        value={code}
        onChange={(value) => {
          setCode(value);
          if (state.fieldError) setState({ busy: false });
        }}
        error={state.fieldError}
        autoComplete="off"
        required
        disabled={disabled}
      />
      <FormStatus progress={state.busy ? t("tickets.claim.claiming") : undefined} notice={state.notice} error={state.error} reloadNeeded={state.reloadNeeded} />
      <Button isSubmit text={state.busy ? t("tickets.claim.claiming") : t("tickets.claim.action")} disabled={disabled} busy={state.busy} />
    </form>
  );
}
