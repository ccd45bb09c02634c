import { z } from "zod";
import { projectRefShape } from "./common";

/** Contracts of `/api/context/*` owned by the injection blocks (the plugin imports types only). */

export const stableContextQuery = z
  .object({
    ...projectRefShape,
    /** Overrides `injection.stableBudgetTokens` (previews). */
    budget: z.coerce.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type StableContextQuery = z.input<typeof stableContextQuery>;

/** `GET /api/context/stable`: the pinned block injected into the system prompt. */
export interface StableContextDto {
  /** Empty when nothing is pinned. Byte-identical while the pinned memories are unchanged. */
  block: string;
  tokens: number;
  memoryIds: string[];
  /** Changes exactly when the set or the content of the injected memories changes. */
  hash: string;
}
