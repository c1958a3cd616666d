import { routes } from "../../../../core";

export default routes.forgotPassword.pattern;
