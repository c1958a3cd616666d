import { routes } from "../../../../core";

export default routes.resetPassword.pattern;
