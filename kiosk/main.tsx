import { createRoot } from "react-dom/client";
import { LOCALES } from "../core";
import { createApiClient } from "../adapters/http/browser/api-client.adapter";
import { createCheckInsClient } from "../adapters/http/browser/check-ins-client.adapter";
import { KioskApp } from "./KioskApp";
import { openKioskStore } from "./kiosk-store";
import { kioskLocale, kioskTexts } from "./kiosk-texts";
import "./kiosk.css";

// The kiosk's composition: the site's API with the session cookie, the device's IndexedDB, its language.
const locale = kioskLocale(location.search, localStorage, navigator.languages);
const t = kioskTexts(locale);
document.documentElement.lang = LOCALES[locale].language;
document.title = `Túria Arena · ${t("kiosk.app")}`;
const client = createCheckInsClient(createApiClient({ baseUrl: location.origin, locale: () => locale, idToken: async () => null }));

if ("serviceWorker" in navigator) void navigator.serviceWorker.register("/kiosk/sw.js", { scope: "/kiosk/" }).catch(() => {});

void openKioskStore().then((store) => createRoot(document.getElementById("kiosk")!).render(<KioskApp client={client} store={store} locale={locale} t={t} />));
