/** The current CLI bundle's path under the checkout `root`, or undefined (see bundle.mjs). */
export function currentBundle(root: string): string | undefined;
