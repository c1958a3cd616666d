import { routes } from "../../../core";

export default routes.ticketCheck.pattern;
