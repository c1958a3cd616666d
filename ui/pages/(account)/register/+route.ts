import { routes } from "../../../../core";

export default routes.register.pattern;
