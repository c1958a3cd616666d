import { routes } from "../../../core";

export default routes.editor.pattern;
