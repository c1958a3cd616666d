import type { ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { accountServices } from "../../../composition/account-browser";
import { AccountServicesProvider } from "../../shell/account/account-services";

/** The account pages and the dashboard get the account ports; no other page loads them. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const { identity } = usePageContext().globalContext.publicConfig;
  return <AccountServicesProvider services={() => accountServices(identity)}>{children}</AccountServicesProvider>;
}
