import path from "node:path";
import { z } from "zod";
import { MAX_ID_CHARS } from "../contracts/memories";
import { registerSessionInput } from "../contracts/sessions";

/** Arguments several tools share. */

export const memoryId = z.string().min(1).max(MAX_ID_CHARS).describe("a memory id, as shown in brackets in results");
export const projectArg = z.string().min(1).max(4096).optional().describe("absolute directory or project id; default: the client's");
export const compactArg = z.boolean().optional().describe("one line per memory");
export const entityRef = z.string().trim().min(1).max(2000).describe("#123, !45, &7, owner/repo#123, an issue or merge request URL, or a file path");
export const absolutePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => path.isAbsolute(p), "must be an absolute path");
export const sessionId = registerSessionInput.shape.sessionID.describe("this agent session's id (any stable string)");
/** Live memories archived or deleted by one call at most. */
export const MAX_BULK = 5000;
