import { routes } from "../../../core";

export default routes.event.pattern;
