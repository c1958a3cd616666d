import { routes } from "../../../core";

export default routes.newsletterUnsubscribe.pattern;
