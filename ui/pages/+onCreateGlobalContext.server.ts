import type { GlobalContextServer } from "vike/types";
import { serverServices } from "../../composition/server";
import { provideBlockComponents } from "../blocks/block-components";
import { blockRegistry } from "../blocks/registry";

export function onCreateGlobalContext(globalContext: GlobalContextServer) {
  const services = serverServices();
  globalContext.services = services;
  globalContext.publicConfig = services.publicConfig;
  // The server renders any page's blocks; the browser loads only a page's own (+onBeforeRenderClient).
  provideBlockComponents(blockRegistry);
}
