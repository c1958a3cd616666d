import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "../../components/button/Button";
import { Feedback } from "../../components/feedback/Feedback";
import { NoScriptNote } from "../../components/form-field/NoScriptNote";
import { TextField } from "../../components/form-field/TextField";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

export interface EditorSignInProps {
  readonly busy: boolean;
  /** A message key. */
  readonly error: string | undefined;
  readonly onSubmit: (password: string) => void;
}

/** The editor's one password (EDITOR_PASSWORD, or the one printed at first start). */
export function EditorSignIn({ busy, error, onSubmit }: EditorSignInProps) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  // Signing in is the script's work (a JSON call): until it runs, the button waits.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(password);
  };
  return (
    <main id="main" className={styles.centered}>
      {/* POST, so that a password never lands in a URL, whatever happens. */}
      <form className={styles.signIn} method="post" action="/_editor/api/session" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.title}>
          {t("editor.signIn.title")}
        </h1>
        <p className={styles.muted}>{t("editor.signIn.lead")}</p>
        {error ? <Feedback tone="error">{t(error)}</Feedback> : null}
        <TextField
          id={`${id}-password`}
          name="password"
          type="password"
          label={t("editor.signIn.password")}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
          error={missing ? t("validation.password.required") : undefined}
        />
        <Button text={t("editor.signIn.submit")} isSubmit busy={busy} disabled={busy || !ready} />
        <NoScriptNote text={t("editor.noScript")} />
      </form>
    </main>
  );
}
