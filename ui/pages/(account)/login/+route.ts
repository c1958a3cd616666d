import { routes } from "../../../../core";

export default routes.login.pattern;
