import { z } from "zod";
import { sessionIdField } from "./common";
import { messageSchema, type OcMessage } from "../compression/schema";

/** Contracts of `/api/compress` and `/api/expand/:hash`. The plugin imports only the types. */

export const compressInput = z
  .object({
    sessionID: sessionIdField,
    messages: z.array(messageSchema),
    /** The model's context window, if known: near it the strongest level applies. */
    contextLimit: z.number().int().positive().optional(),
  })
  .strict();
export type CompressInput = z.input<typeof compressInput>;

export interface CompressStats {
  tokensBefore: number;
  tokensAfter: number;
  /** Tokens saved by each strategy in this history. */
  byStrategy: Record<string, number>;
}

export interface CompressResult {
  messages: OcMessage[];
  stats: CompressStats;
  /** Texts the plugin shows the model (ask it to store what matters); empty below the first threshold. */
  nudges: string[];
}

/** The hash of `GET /api/expand/:hash`, case-insensitive. */
export const expandHash = z
  .string()
  .transform((h) => h.toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{8,64}$/, 'a hash is 8 to 64 lowercase hex characters, as named in memory_expand("<hash>")'));

export interface ExpandResult {
  hash: string;
  content: string;
  tool: string | null;
  sessionId: string | null;
  createdAt: string;
}

export const compressStatsQuery = z
  .object({
    sessionID: sessionIdField.optional(),
    days: z.coerce.number().int().min(1).max(3650).default(30),
  })
  .strict();
export type CompressStatsQuery = z.input<typeof compressStatsQuery>;
export type ParsedCompressStatsQuery = z.output<typeof compressStatsQuery>;

export interface CompressStatsSummary {
  totals: { calls: number; tokensBefore: number; tokensAfter: number; tokensSaved: number };
  perDay: { day: string; calls: number; tokensBefore: number; tokensAfter: number; tokensSaved: number }[];
  perSession: { sessionId: string; calls: number; tokensBefore: number; tokensAfter: number; tokensSaved: number; lastAt: string }[];
  byStrategy: Record<string, number>;
}
