import { useId, useRef, useState } from "react";
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

  // The code typed last: a check on blur that answers after more typing says nothing.
  const typed = useRef(code);
  typed.current = code;

  /** SPEC §5: required, and its message shows once the field is left, as the other forms' do. */
  async function check(value: string): Promise<string | undefined> {
    if (value.trim() === "") return t("validation.purchaseCode.required");
    const claimable = await isClaimable(value);
    return claimable ? undefined : t("tickets.claim.invalidCode");
  }

  function checkOnBlur() {
    const value = code;
    check(value).then(
      (fieldError) => typed.current === value && setState((current) => (current.busy ? current : Object.assign({}, current, { fieldError }))),
      // The check's code did not load: sending the form says so.
      () => {},
    );
  }

  async function claim() {
    setState({ busy: true });
    const fieldError = await check(code).then(
      (message) => message ?? null,
      () => undefined,
    );
    if (fieldError === undefined) {
      // A failed import stays failed until the page reloads (as in useAccountForm).
      setState({ busy: false, error: t("feedback.error.reloadNeeded"), reloadNeeded: true });
      return;
    }
    if (fieldError !== null) {
      setState({ busy: false, fieldError });
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
        onBlur={checkOnBlur}
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
