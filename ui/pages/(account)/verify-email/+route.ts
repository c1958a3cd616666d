import { routes } from "../../../../core";

export default routes.verifyEmail.pattern;
