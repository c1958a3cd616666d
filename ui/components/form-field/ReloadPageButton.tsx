import { useTranslation } from "../i18n/use-translation";
import { Button } from "../button/Button";

/** Beside a form's "please reload the page" message: the reload it asks for, one tap away on a phone. */
export function ReloadPageButton() {
  const { t } = useTranslation();
  return <Button text={t("build.reload")} size="small" type="secondary" onClick={() => window.location.reload()} />;
}
