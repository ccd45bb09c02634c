import { ZodError } from "zod";
import { type ParsedRecallContextInput, recallContextInput } from "../contracts/context";

/**
 * What a compress answer tells its caller the route also takes (the plugin sends `recall`, and the
 * record of injected blocks `injected` (./turn-record.ts), and `prepare: true` at idle
 * (lib/compression/prepared.ts), only then). `warm`: this server also has
 * `POST /api/context/recall/warm` (the turn's recall search run ahead, ./recall.ts).
 */
export const COMPRESS_ACCEPTS = ["recall", "injected", "prepare", "warm"] as const;

/**
 * A compress request may carry its turn's recall (`recall`: the body of `POST /api/context/recall`),
 * so that the plugin's turn is one request instead of two. Returns the request without it and the
 * recall input checked by its contract; a bad field is a 400 naming `recall.<field>`.
 */
export function takeTurnRecall(raw: unknown): { body: unknown; recall: ParsedRecallContextInput | null } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !("recall" in raw)) return { body: raw, recall: null };
  const { recall, ...body } = raw as Record<string, unknown>;
  const parsed = recallContextInput.safeParse(recall);
  if (!parsed.success) throw new ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ["recall", ...issue.path] })));
  return { body, recall: parsed.data };
}
