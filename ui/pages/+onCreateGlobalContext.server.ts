import type { GlobalContextServer } from "vike/types";
import { serverServices } from "../../composition/server";

export function onCreateGlobalContext(globalContext: GlobalContextServer) {
  const services = serverServices();
  globalContext.services = services;
  globalContext.publicConfig = services.publicConfig;
}
