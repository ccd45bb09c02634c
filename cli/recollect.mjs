#!/usr/bin/env node
// The `recollect` command: runs the prebuilt bundle of the CLI when it is current (cli/bundle.mjs),
// else registers tsx (a dependency) and runs the TypeScript CLI from the checkout.
// RECOLLECT_CLI_TSX=1 forces the TypeScript path.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { currentBundle } from "./bundle.mjs";

const bundle = process.env.RECOLLECT_CLI_TSX === "1" ? undefined : currentBundle(path.resolve(import.meta.dirname, ".."));
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("./index.ts");
}
