import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { routes } from "../../../core";
import { Button } from "../../components/button/Button";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { sitePage } from "../../shell/navigation/site-pages";
import { usePageHead } from "../use-page-head";
import styles from "./ErrorPage.module.css";

/**
 * SPEC §2 error page: the 404 title for a 404 (naming the path when a route's validation failed);
 * for a plain form post refused (from another site's page, 403, or too large, 413) what happened
 * and the way back to the form; else the 500 title.
 */
export default function Page() {
  const pageContext = usePageContext();
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const invalidPath = invalidPathOf(pageContext.abortReason);
  const notFound = pageContext.is404 === true || pageContext.abortStatusCode === 404;
  const refusedPost = refusedPostOf(pageContext.abortReason);
  const title = invalidPath
    ? t("error.validationNotFoundTitle", { path: invalidPath })
    : notFound
      ? t("error.notFoundTitle")
      : refusedPost === 403
        ? t("error.refusedPostTitle")
        : refusedPost === 413
          ? t("error.tooLargePostTitle")
          : t("error.serverErrorTitle");
  const body = notFound
    ? t("error.notFoundBody")
    : refusedPost === 403
      ? t("error.refusedPostBody")
      : refusedPost === 413
        ? t("error.tooLargePostBody")
        : t("error.serverErrorBody");
  usePageHead(title, body);
  return (
    <section className={styles.error}>
      <div className="container">
        <p className={styles.code} aria-hidden="true">{notFound ? "404" : (refusedPost ?? "500")}</p>
        <h1>{title}</h1>
        <p className={styles.body}>{body}</p>
        <div className={styles.actions}>
          {/* The form's own page, opened afresh on this site. */}
          {refusedPost && pageContext.logicalPath ? <Button text={t("error.openPageAgain")} size="large" href={localizedPath(pageContext.logicalPath)} /> : null}
          <Button text={t("error.backHome")} size="large" type={refusedPost ? "secondary" : undefined} href={localizedPath(sitePage("home").path)} />
          {/* An event's old link (a past event taken down, a mistyped one): the others are what its reader wants. */}
          {notFound && isEventPath(pageContext.logicalPath) ? <Button text={t("events.seeAllEvents")} size="large" type="secondary" href={localizedPath(sitePage("events").path)} /> : null}
        </div>
      </div>
    </section>
  );
}

const EVENT_PATH_PREFIX = routes.event.pattern.slice(0, routes.event.pattern.indexOf("@"));

function isEventPath(logicalPath: string | undefined): boolean {
  return logicalPath?.startsWith(EVENT_PATH_PREFIX) === true;
}

/** The status of a refused plain post (see +onBeforeRoute.ts). */
function refusedPostOf(reason: unknown): 403 | 413 | undefined {
  if (typeof reason === "object" && reason !== null && "refusedPost" in reason && (reason.refusedPost === 403 || reason.refusedPost === 413)) {
    return reason.refusedPost;
  }
  return undefined;
}

function invalidPathOf(reason: unknown): string | undefined {
  if (typeof reason === "object" && reason !== null && "invalidPath" in reason && typeof reason.invalidPath === "string") {
    return reason.invalidPath;
  }
  return undefined;
}
