import { route } from "../../_lib/handler";
import { refererPath, seeOther } from "../../_lib/form";

/**
 * Where the browser's forms that need JavaScript post when it is off: nothing is read or changed;
 * back to the page, at the notice that says so (the layout's `#needs-javascript`). A POST, never a
 * GET: a GET would put what was typed in the address and the history.
 */
export const POST = route(({ req }) => seeOther(`${refererPath(req).split("#")[0]}#needs-javascript`));
