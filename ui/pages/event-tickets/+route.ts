import { routes } from "../../../core";

export default routes.eventTickets.pattern;
