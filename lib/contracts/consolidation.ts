import { z } from "zod";
import { MEMORY_LIMITS } from "../vocabulary";
import { projectRefShape, queryBoolean } from "./common";

/** `POST /api/consolidate`: find proposals (merge, supersede, stale, expire) for one project or all. */
export const consolidateInput = z
  .object({
    ...projectRefShape,
    daysStale: z.number().int().min(0).max(36_500).optional(),
    dryRun: z.boolean().default(false),
  })
  .strict();
export type ParsedConsolidateInput = z.output<typeof consolidateInput>;

/** `POST /api/distill`: propose recurring procedures as skills. */
export const distillInput = z.object({ ...projectRefShape, dryRun: z.boolean().default(false) }).strict();

/** `GET /api/inbox`: the review queue. */
export const inboxQuery = z
  .object({
    ...projectRefShape,
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    countOnly: queryBoolean.default(false),
  })
  .strict();

const id = z.string().min(1).max(MEMORY_LIMITS.idChars);

/** One decision of the inbox. */
export const inboxDecision = z
  .object({
    type: z.enum(["memory", "proposal"]),
    id,
    action: z.enum(["approve", "reject", "supersede"]),
    /** Edited text: a suggested memory's content, a merge's wording, a skill file. */
    content: z.string().min(1).max(MEMORY_LIMITS.contentChars).optional(),
    /** merge: which memory keeps the merged text. */
    keeperId: id.optional(),
    /** supersede: the memory the approved one replaces. */
    supersedes: id.optional(),
  })
  .strict();

/** `POST /api/inbox/undo`: the last action, or (`actionId`, from the action's answer) exactly that one. */
export const inboxUndoInput = z.object({ actionId: z.number().int().min(1).optional() }).strict();

/** `POST /api/inbox/actions`: one or more decisions (bulk), applied and undone together. */
export const inboxActInput = z
  .object({
    items: z.array(inboxDecision).min(1).max(200),
    source: z.enum(["ui", "api", "cli"]).default("api"),
  })
  .strict();
