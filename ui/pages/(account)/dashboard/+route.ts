import { routes } from "../../../../core";

export default routes.dashboard.pattern;
