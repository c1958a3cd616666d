import "../styles/base.css";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Footer } from "../components/footer/Footer";
import { LoadingBar } from "../components/loading-bar/LoadingBar";
import { NewBuildNotice } from "../components/new-build-notice/NewBuildNotice";
import { SiteHeader } from "../components/site-header/SiteHeader";
import { ThirdPartyScripts } from "../components/third-party-scripts/ThirdPartyScripts";

/** The site's one page layout (SPEC §2). */
export default function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    // Lets CSS and the browser tests tell a hydrated page from the server's HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
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
      <Footer />
      <NewBuildNotice />
      <ThirdPartyScripts />
    </>
  );
}
