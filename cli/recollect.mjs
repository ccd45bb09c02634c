#!/usr/bin/env node
// The `recollect` command: registers tsx (a dependency) and runs the TypeScript CLI from the checkout.
import { register } from "tsx/esm/api";

register();
await import("./index.ts");
