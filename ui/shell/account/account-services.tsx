import { createContext, useContext, type ReactNode } from "react";
import type { AccountServices } from "../../../composition/account-browser";

/**
 * The account ports for the account pages and the dashboard, given by their group's Wrapper
 * (ui/pages/(account)/+Wrapper.tsx) from the account composition module. A getter: the ports exist
 * only in the browser, so they are reached in effects and event handlers.
 */
const AccountServicesContext = createContext<(() => AccountServices) | undefined>(undefined);

export function AccountServicesProvider({ services, children }: { services: () => AccountServices; children: ReactNode }) {
  return <AccountServicesContext.Provider value={services}>{children}</AccountServicesContext.Provider>;
}

export function useAccountServices(): () => AccountServices {
  const services = useContext(AccountServicesContext);
  if (!services) throw new Error("useAccountServices needs an AccountServicesProvider (ui/pages/(account)/+Wrapper.tsx)");
  return services;
}
