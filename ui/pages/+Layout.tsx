import "../styles/base.css";
import { Suspense, useEffect, type ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { useTranslation } from "../components/i18n/use-translation";
import { Footer } from "../shell/footer/Footer";
import { LoadingBar } from "../shell/loading-bar/LoadingBar";
import { NewBuildNotice } from "../shell/new-build-notice/NewBuildNotice";
import { SiteHeader } from "../shell/site-header/SiteHeader";
import { ThirdPartyScripts } from "../shell/third-party-scripts/ThirdPartyScripts";

/** The site's one page layout (SPEC §2). */
export default function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { siteChrome, footerNewsletter } = usePageContext().config;
  useEffect(() => {
    // Lets CSS and the browser tests tell a hydrated page from the server's HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  if (siteChrome === false) return children;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <LoadingBar />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Below the fold: hydrated after the page, in a task of its own. */}
      <Suspense fallback={null}>
        <Footer newsletter={footerNewsletter !== false} />
      </Suspense>
      <NewBuildNotice />
      <ThirdPartyScripts />
    </>
  );
}
