import { createContext, useContext, type ReactNode } from "react";
import type { BrowserServices } from "../../composition/browser";

/**
 * The browser's ports for the shell's connected widgets, given once by the browser composition
 * (ui/pages/+Wrapper.tsx). A getter, not the services: they exist only in the browser, so widgets
 * call it in effects and event handlers, never while rendering on the server.
 */
const BrowserServicesContext = createContext<(() => BrowserServices) | undefined>(undefined);

export function BrowserServicesProvider({ services, children }: { services: () => BrowserServices; children: ReactNode }) {
  return <BrowserServicesContext.Provider value={services}>{children}</BrowserServicesContext.Provider>;
}

export function useBrowserServices(): () => BrowserServices {
  const services = useContext(BrowserServicesContext);
  if (!services) throw new Error("useBrowserServices needs a BrowserServicesProvider (ui/pages/+Wrapper.tsx)");
  return services;
}
