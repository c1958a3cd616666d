import { routes } from "../../../core";

export default routes.apiHandler.pattern;
