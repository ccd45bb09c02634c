import type { Strategy } from "../types";
import { assistantProse } from "./assistant-prose";
import { commandOutput } from "./command-output";
import { duplicates } from "./duplicates";
import { fileReads } from "./file-reads";
import { jsonArrays } from "./json-arrays";
import { keepingKeyLines } from "./key-lines";
import { listings } from "./listings";
import { longOutput } from "./long-output";
import { outdatedReads } from "./outdated-reads";
import { reasoning } from "./reasoning";
import { repeatedLines } from "./repeated-lines";
import { searchResults } from "./search-results";
import { systemReminders } from "./system-reminders";
import { toolErrors } from "./tool-errors";

/**
 * Order matters: whole-part decisions first (reasoning, duplicates, outdated), then reminders, then
 * at most one content strategy (the first that applies: JSON before the per-tool ones, the generic
 * one, then repeated lines for outputs too small for the others), then prose.
 */
export const STRATEGIES: Strategy[] = [
  reasoning,
  duplicates,
  outdatedReads,
  systemReminders,
  // Strategies that cut inside a part keep its error, traceback, assertion and path:line lines (key-lines.ts).
  ...[toolErrors, jsonArrays, listings, fileReads, searchResults, commandOutput, longOutput, repeatedLines, assistantProse].map(keepingKeyLines),
];

export const STRATEGY_NAMES = STRATEGIES.map((s) => s.name);
