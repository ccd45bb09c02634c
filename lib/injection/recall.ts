import { recordInjected } from "../metrics/injected";
import type { ParsedRecallContextInput, RecallContextDto } from "../contracts/context";
import type { Ctx } from "../ctx";
import { searchMemories, type SearchOptions } from "../search/search";
import { countTokens } from "../token-count";
import { dayAge, oneLine } from "./format";
import { recordInjection } from "./record";
import { headOf } from "../text-slice";
import { nudgeNow } from "../extraction/nudge";
import { recordAccess } from "../search/access";
import { logger } from "../logging/logger";
import { memoryWriteVersion } from "../db/triggers";
import { cachedSearch, keepSearch, searchKey } from "./turn-recall-cache";
import type { SearchResult } from "../contracts/search";

/**
 * The recall block: memories relevant to the latest user message, attached to that message (not
 * to the system prompt, so the cached prefix survives). Answers are cached per (session, message)
 * so a message keeps the same bytes on every later turn, even if memories change meanwhile.
 */
export const RECALL_OPEN = '<recollect-memory kind="recall">';
export const RECALL_CLOSE = "</recollect-memory>";
// Kept short: the block stays in the history and is read again on every later request.
const HEADER = "Memories that may be relevant (verify old ones):";
/**
 * Cosine distance at or under which a vector-only match counts as relevant (a lexical match always
 * does). all-MiniLM-L6-v2 q8 on the paraphrase set (bench/search/calibrate.ts): at 0.35, 19 of 20
 * questions the store cannot answer get no block (0.6 let 5 through), while a third of the
 * wordless paraphrases still find their memory by meaning alone.
 */
export const MAX_VECTOR_DISTANCE = 0.35;
const MAX_LINE_CHARS = 400;
/**
 * The tokens of a block are the sum of its pieces' (`RECALL_OPEN\n`, `HEADER\n`, each `line\n`,
 * `RECALL_CLOSE`): o200k's pre-tokenizer ends a piece at a newline run, and only a punctuation run
 * (which also takes the `[\r\n/]*` after it) or a whitespace run can reach past a newline; each piece
 * after a newline starts with `-` or `<` (each line `- [`, the close tag `<`), neither whitespace nor
 * `/`, and a line holds no newline (oneLine), so BPE never merges across those boundaries. The equality is tested on random
 * blocks (tests/lib/injection/recall-tokens.test.ts) against counting the whole block.
 */
const FRAME_TOKENS = () => countTokens(`${RECALL_OPEN}\n`) + countTokens(`${HEADER}\n`) + countTokens(RECALL_CLOSE);

const CACHE_SIZE = 2000;

export async function buildRecallBlock(ctx: Ctx, input: ParsedRecallContextInput, options: SearchOptions = {}): Promise<RecallContextDto> {
  const cache = ctx.services.recallCache;
  const key = input.sessionID && input.messageID ? `${input.sessionID}\u0000${input.messageID}` : undefined;
  const hit = key ? cache.get(key) : undefined;
  if (hit) {
    recordInjected("recall", hit.tokens);
    return { ...hit, cached: true };
  }

  const { budget, limit } = recallBounds(ctx, input);
  let result: RecallContextDto = { block: "", tokens: 0, memoryIds: [], cached: false };
  if (budget > 0 && limit > 0) {
    const exclude = new Set(input.exclude);
    const shown = new Set(input.shown);
    const found = { results: await recallSearch(ctx, input, searchLimit(limit, exclude), options) };
    const now = Date.now();
    const relevant = found.results.filter(
      (r) => !exclude.has(r.id) && (r.explain?.lexicalRank != null || (r.explain?.vectorDistance != null && r.explain.vectorDistance <= MAX_VECTOR_DISTANCE)),
    );
    const frame = `${RECALL_OPEN}\n${HEADER}\n${RECALL_CLOSE}`;
    let used = countTokens(frame);
    const lines: string[] = [];
    const ids: string[] = [];
    // The block's count, line by line (blockTokens): each line's count is cached by its text, so a
    // memory recalled again costs a lookup, where the whole block is new text on every turn.
    let blockTokens = FRAME_TOKENS();
    let taken = 0;
    for (const r of relevant) {
      if (taken >= limit) break;
      if (shown.has(r.id)) {
        taken++;
        continue;
      }
      let body = (r.title ? `${oneLine(r.title)}: ` : "") + oneLine(r.content);
      if (body.length > MAX_LINE_CHARS) body = `${headOf(body, MAX_LINE_CHARS)}…`;
      const line = `- [${r.category}, ${r.scope}, ${dayAge(Date.parse(r.createdAt), now)}] ${body}`;
      const cost = countTokens(line) + 1;
      if (used + cost > budget) continue;
      used += cost;
      blockTokens += countTokens(`${line}\n`);
      lines.push(line);
      ids.push(r.id);
      taken++;
    }
    if (lines.length) {
      const block = `${RECALL_OPEN}\n${HEADER}\n${lines.join("\n")}\n${RECALL_CLOSE}`;
      result = { block, tokens: blockTokens, memoryIds: ids, cached: false };
      // Counted once: a cached answer re-serves the same injection.
      recordInjection(ctx, ids, input.sessionID ?? null, input.query, options.defer);
    }
  }
  // The nudge goes with this message's block: built now, and kept with it (the same bytes every turn).
  if (input.suggestions.length)
    result = { ...result, nudge: nudgeNow(ctx, input.suggestions, new Set([...result.memoryIds, ...input.exclude, ...input.shown])) };
  if (key) {
    cache.set(key, result);
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  recordInjected("recall", result.tokens);
  return result;
}

/**
 * The turn's recall search, run ahead (`POST /api/context/recall/warm`: the plugin sends it when the
 * user's message arrives, before the history goes out with the turn's recall): kept as the
 * session's last search (./turn-recall-cache.ts), so the turn's `buildRecallBlock` with the same
 * input builds its block from it instead of searching on the turn's path. The block's bytes are
 * the same: the search is the one the turn would run, on the same store (a write in between makes
 * the turn search again). No access is counted here (the turn counts them, once) and no block is
 * built or cached. False: nothing to run ahead (no session, the message's block already decided,
 * no recall configured).
 */
export async function warmRecallSearch(ctx: Ctx, input: ParsedRecallContextInput): Promise<boolean> {
  // Only a session's turn reuses a search, and a message whose block is decided needs none.
  if (!input.sessionID || (input.messageID && ctx.services.recallCache.has(`${input.sessionID}\u0000${input.messageID}`))) return false;
  const { budget, limit } = recallBounds(ctx, input);
  if (budget <= 0 || limit <= 0) return false;
  const session = input.sessionID;
  const depth = searchLimit(limit, new Set(input.exclude));
  const running = ctx.services.turnRecallWarming;
  const done = recallSearch(ctx, input, depth, { countAccess: false });
  running.set(session, { key: recallSearchKey(ctx, input, depth), done });
  try {
    await done;
  } finally {
    if (running.get(session)?.done === done) running.delete(session);
  }
  return true;
}

const recallBounds = (ctx: Ctx, input: ParsedRecallContextInput) => ({
  budget: input.budget ?? ctx.config.injection.recallBudgetTokens,
  limit: input.limit ?? ctx.config.injection.recallLimit,
});
/** The excluded memories may take places in the ranking: that many more are searched for. */
const searchLimit = (limit: number, exclude: ReadonlySet<string>) => Math.min(100, limit + exclude.size);

/** What the session's kept search must have been asked with to stand for this one (./turn-recall-cache.ts). */
const recallSearchKey = (ctx: Ctx, input: ParsedRecallContextInput, limit: number) =>
  searchKey([input.directory, input.project, input.query, limit, ctx.services.embeddings?.ready() ?? false]);

/**
 * The search behind the block: the session's previous turn's ranked results when this turn asks the
 * same of an unchanged store (./turn-recall-cache.ts), else a search, kept for the next turn.
 */
async function recallSearch(ctx: Ctx, input: ParsedRecallContextInput, limit: number, options: SearchOptions): Promise<SearchResult[]> {
  const session = input.sessionID;
  const key = recallSearchKey(ctx, input, limit);
  // The same search run ahead and still running (warmRecallSearch): its results, once it ends.
  const ahead = session ? ctx.services.turnRecallWarming.get(session) : undefined;
  if (ahead?.key === key && options.countAccess !== false) await ahead.done.catch(() => undefined);
  const now = Date.now();
  const hit = session ? cachedSearch(ctx.services.turnRecallSearches, ctx.sqlite, session, key, now) : undefined;
  if (hit) {
    if (options.countAccess === false) return hit;
    // Counted as the search would have counted them (lib/search/search.ts).
    const ids = hit.map((r) => r.id);
    (options.defer ?? ((task: () => void) => task()))(() => {
      try {
        recordAccess(ctx, ids, "recall", session ?? null, input.query);
      } catch (error) {
        logger.warn("access not recorded", { error: (error as Error).message });
      }
    });
    return hit;
  }
  const version = session ? memoryWriteVersion(ctx.sqlite) : "";
  const found = await searchMemories(
    ctx,
    {
      directory: input.directory,
      project: input.project,
      query: input.query,
      sessionId: session,
      limit,
      purpose: "recall",
      explain: true,
      mode: "auto",
    },
    // The block is built from the results: the search's own text answer is not needed.
    { ...options, formatted: false },
  );
  if (session) keepSearch(ctx.services.turnRecallSearches, session, { key, version, at: now, results: found.results });
  return found.results;
}
