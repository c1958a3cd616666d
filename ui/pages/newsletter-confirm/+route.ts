import { routes } from "../../../core";

export default routes.newsletterConfirm.pattern;
