/**
 * Where a form that needs JavaScript posts when it is off (app/api/forms/needs-javascript): back
 * to the page with a notice, instead of a GET that would put the form's fields in the address.
 */
export const NEEDS_JAVASCRIPT = "/api/forms/needs-javascript";
/** The element the redirect scrolls to and shows (`:target`), in the browser's layout. */
export const NEEDS_JAVASCRIPT_ANCHOR = "needs-javascript";
