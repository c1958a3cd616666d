import { routes } from "../../../core";

export default routes.content.pattern;
