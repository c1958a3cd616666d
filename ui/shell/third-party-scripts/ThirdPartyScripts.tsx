import { useEffect } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { whenLoadedAndIdle } from "../after-load/when-loaded-and-idle";

/**
 * SPEC §1: the cookie-consent and live-chat scripts load after the app is interactive, never
 * before hydration, so they cannot delay the page. Their URLs come from configuration.
 */
export function ThirdPartyScripts() {
  const { cookieConsentUrl, liveChatUrl } = usePageContext().globalContext.publicConfig.scripts;
  useEffect(() => {
    const urls = [cookieConsentUrl, liveChatUrl].filter((url): url is string => Boolean(url));
    if (urls.length === 0) return;
    const load = () => {
      for (const src of urls) {
        if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) continue;
        const script = document.createElement("script");
        script.src = src;
        script.async = true;
        script.dataset.thirdParty = "true";
        document.body.append(script);
      }
    };
    return whenLoadedAndIdle(load);
  }, [cookieConsentUrl, liveChatUrl]);
  return null;
}
