import { architect } from "./architect";
import { auditor } from "./auditor";
import { code } from "./code";
import { librarian } from "./librarian";
import type { BundledAgent } from "./types";

/** Every agent the plugin bundles: one file each; a new one is one more line here. */
export const AGENTS: readonly BundledAgent[] = [code, architect, librarian, auditor];

export const READ_ONLY_AGENTS: ReadonlySet<string> = new Set(AGENTS.filter((a) => a.readOnly).map((a) => a.name));
