/**
 * The current bundle's path under the checkout `root`, or undefined (see bundle.mjs): the CLI's
 * (`recollect`, the default) or the server front's (`serve`).
 */
export function currentBundle(root: string, name?: "recollect" | "serve"): string | undefined;
