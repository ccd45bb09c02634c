import { z } from "zod";
import type { CATEGORIES } from "../vocabulary";
import { openCodeMessage } from "./checkpoints";
import { projectRefShape, sessionIdField } from "./common";

/** Contract of `POST /api/extract` (chat.message / session.idle in the plugin). */

export const EXTRACTED_CATEGORIES = ["decision", "constraint", "preference", "convention", "gotcha"] as const;
export type ExtractedCategory = (typeof EXTRACTED_CATEGORIES)[number];

export const extractInput = z
  .object({
    ...projectRefShape,
    sessionID: sessionIdField,
    /** OpenCode messages (user and assistant text is read; tool output is not). */
    messages: z.array(openCodeMessage).max(10_000).optional(),
    /** Or plain text (treated as the user's). */
    text: z.string().max(200_000).optional(),
    role: z.enum(["user", "assistant"]).default("user"),
    /** `idle` and `compaction` also run the optional LLM extractor (over new messages only). */
    trigger: z.enum(["message", "idle", "compaction"]).default("message"),
  })
  .strict()
  .refine((v) => v.messages !== undefined || v.text !== undefined, { message: "give messages or text", path: ["messages"] })
  .refine((v) => v.directory !== undefined || v.project !== undefined, { message: "give a directory or a project", path: ["directory"] });
export type ExtractInput = z.input<typeof extractInput>;
export type ParsedExtractInput = z.output<typeof extractInput>;

export interface SuggestionDto {
  memoryId: string;
  category: (typeof CATEGORIES)[number];
  content: string;
  /** `rules` (deterministic) or `llm`. */
  via: "rules" | "llm";
  /** An equal or near-equal memory already existed (nothing new was stored). */
  deduplicated: boolean;
  /** Stored next to this similar memory, linked to it and proposed as a merge (docs/deduplication.md). */
  similarTo?: string;
}

export interface ExtractResult {
  suggestions: SuggestionDto[];
  /** Text for the plugin to show the model when something worth storing was said and not stored. */
  nudge: string | null;
  llm: { ran: boolean; reason?: string; tokens?: number };
}
