import type { ExtractedCategory, SuggestionDto } from "../contracts/extraction";
import type { Ctx } from "../ctx";
import { createMemory } from "../memories/create";
import { proposeMerge } from "../memories/dedup";
import { catchUpForReader } from "../indexing";
import { contentHash } from "../memories/normalize";
import { prepared } from "../db/prepared";
import { containment, jaccard, RESTATES_CONTAINMENT } from "../search/jaccard";
import { ftsQuery } from "../search/lexical";
import { tokenize } from "../search/tokenizer";
import { redact } from "../security/redaction";
import { findNearDuplicate } from "../indexing/near-duplicate";

export interface Suggestion {
  category: ExtractedCategory;
  content: string;
  via: "rules" | "llm";
  rule?: string;
  confidence?: number;
  role?: "user" | "assistant";
  lang?: "en" | "zh";
  messageId?: string | null;
}

export interface StoredSuggestion extends SuggestionDto {
  /** The memory it matched was already active (confirmed): nothing worth nudging about. */
  alreadyActive: boolean;
}

/** Containment at which an active memory of the same session and category restates a suggestion. */
const SAME_SESSION_RESTATES = 0.8;

interface Match {
  id: string;
  status: string;
  similarity: number;
}

/**
 * The closest existing memory of the project (or global) of any status but deleted: an archived
 * (rejected) suggestion must not come back, and an active one means the fact is already stored.
 */
export function findExisting(ctx: Ctx, projectId: string, content: string, from?: { sessionID: string; category: string }): Match | undefined {
  const hash = contentHash(content);
  const exact = prepared(
    ctx.sqlite,
    `SELECT id, status FROM memories WHERE content_hash = ? AND (project_id = ? OR project_id IS NULL) ORDER BY status = 'active' DESC LIMIT 1`,
  ).get(hash, projectId) as { id: string; status: string } | undefined;
  if (exact) return { ...exact, similarity: 1 };
  const mine = new Set(tokenize(content));
  if (mine.size === 0) return undefined;
  catchUpForReader(ctx.sqlite);
  const rows = prepared(
    ctx.sqlite,
    `SELECT m.id AS id, m.status AS status, m.content AS content, m.category AS category, json_extract(m.metadata, '$.sessionID') AS session
     FROM memory_fts JOIN memories m ON m.seq = memory_fts.rowid
     WHERE memory_fts MATCH ? AND (m.project_id = ? OR m.project_id IS NULL)
     ORDER BY bm25(memory_fts, 1, 1, 1) LIMIT 8`,
  ).all(ftsQuery([...mine].slice(0, 64)), projectId) as { id: string; status: string; content: string; category: string; session: unknown }[];
  let best: Match | undefined;
  for (const r of rows) {
    const theirs = new Set(tokenize(r.content));
    const similarity = jaccard(mine, theirs);
    // An active memory restating it (the model stored the user's sentence in its own, shorter words)
    // holds the fact as surely as a near copy does; five words at least, so a short rule's words
    // inside a longer, different one do not count.
    // Stored in this session under the same category (the model wrote down what the user just
    // said), a little less is enough: its own words for "instead of" or "we're going with".
    const sameTurn = from !== undefined && r.session === from.sessionID && r.category === from.category;
    const held = r.status === "active" && containment(mine, theirs, 5) >= (sameTurn ? SAME_SESSION_RESTATES : RESTATES_CONTAINMENT);
    if ((similarity >= ctx.config.extraction.dedupThreshold || held) && (!best || similarity > best.similarity))
      best = { id: r.id, status: r.status, similarity };
  }
  return best;
}

/**
 * Stores suggestions as project memories with status `suggested` and source `extractor`, never
 * active: the user or the model confirms them. Redacted first; deduplicated against what exists
 * by the rules of docs/deduplication.md: dropped when the same text exists, or nearly the same
 * (Jaccard at or above `search.lexicalDedupThreshold`), or when it resembles a memory the user
 * archived or resolved (`extraction.dedupThreshold`: a rejected suggestion does not come back) or
 * an active one (the store holds the fact: the model stored it in the same turn, in its words), or
 * when the store's near-duplicate check finds an active memory saying it (by meaning when the model
 * is ready); merely similar to another suggestion, it is stored, linked to it and proposed as a merge.
 */
export function storeSuggestions(ctx: Ctx, projectId: string, sessionID: string, items: readonly Suggestion[]): StoredSuggestion[] {
  const out: StoredSuggestion[] = [];
  const seen = new Set<string>();
  for (const item of items.slice(0, ctx.config.extraction.maxSuggestionsPerCall)) {
    const content = redact(item.content).trim();
    const key = contentHash(content);
    if (!content || seen.has(key)) continue;
    seen.add(key);
    const found = findExisting(ctx, projectId, content, { sessionID, category: item.category });
    // An active memory this close (extraction.dedupThreshold) already holds the fact: not suggested again.
    const settled =
      found &&
      (found.similarity >= ctx.config.search.lexicalDedupThreshold || found.status === "archived" || found.status === "resolved" || found.status === "active");
    const existing = settled ? found : undefined;
    if (existing) {
      out.push({ memoryId: existing.id, category: item.category, content, via: item.via, deduplicated: true, alreadyActive: existing.status === "active" });
      continue;
    }
    // What an active memory already says in other words (the check a store makes: near or similar)
    // is not suggested: the model stored it in the same turn, or it was stored before.
    const paraphrased = activeParaphrase(ctx, projectId, content);
    if (paraphrased) {
      out.push({ memoryId: paraphrased, category: item.category, content, via: item.via, deduplicated: true, alreadyActive: true });
      continue;
    }
    const res = createMemory(ctx, {
      project: projectId,
      scope: "project",
      content,
      category: item.category,
      status: "suggested",
      source: "extractor",
      tags: ["extracted"],
      metadata: {
        via: item.via,
        sessionID,
        ...(item.rule ? { rule: item.rule } : {}),
        ...(item.confidence !== undefined ? { confidence: item.confidence } : {}),
        ...(item.role ? { role: item.role } : {}),
        ...(item.lang ? { lang: item.lang } : {}),
        ...(item.messageId ? { messageId: item.messageId } : {}),
      },
    });
    const similar = found && !settled && !res.deduplicated && res.memory.id !== found.id ? found : undefined;
    if (similar) {
      const lexical = Math.round(similar.similarity * 10_000) / 10_000;
      ctx.sqlite.transaction(() => proposeMerge(ctx.sqlite, res.memory.id, { kind: "similar", id: similar.id, cosine: null, lexical })).immediate();
    }
    out.push({
      memoryId: res.memory.id,
      category: res.memory.category as ExtractedCategory,
      content: res.memory.content,
      via: item.via,
      deduplicated: res.deduplicated,
      alreadyActive: res.memory.status === "active",
      ...(similar ? { similarTo: similar.id } : {}),
    });
  }
  return out;
}

/**
 * The active memory (other than `except`) that holds `content`: the same text, words as close as
 * extraction's dedup threshold, or the store's near-duplicate check. For a nudge built later
 * (lib/extraction/nudge.ts): the model may have stored the fact since.
 */
export function activeHolding(ctx: Ctx, projectId: string, content: string, except: string): string | undefined {
  const exact = prepared(
    ctx.sqlite,
    `SELECT id FROM memories WHERE content_hash = ? AND status = 'active' AND id <> ? AND (project_id = ? OR project_id IS NULL) LIMIT 1`,
  ).get(contentHash(content), except, projectId) as { id: string } | undefined;
  if (exact) return exact.id;
  const mine = new Set(tokenize(content));
  if (mine.size > 0) {
    catchUpForReader(ctx.sqlite);
    const rows = prepared(
      ctx.sqlite,
      `SELECT m.id AS id, m.content AS content FROM memory_fts JOIN memories m ON m.seq = memory_fts.rowid
       WHERE memory_fts MATCH ? AND m.status = 'active' AND m.id <> ? AND (m.project_id = ? OR m.project_id IS NULL)
       ORDER BY bm25(memory_fts, 1, 1, 1) LIMIT 8`,
    ).all(ftsQuery([...mine].slice(0, 64)), except, projectId) as { id: string; content: string }[];
    const close = rows.find((r) => {
      const theirs = new Set(tokenize(r.content));
      return jaccard(mine, theirs) >= ctx.config.extraction.dedupThreshold || containment(mine, theirs, 5) >= RESTATES_CONTAINMENT;
    });
    if (close) return close.id;
  }
  const near = activeParaphrase(ctx, projectId, content);
  return near !== except ? near : undefined;
}

/** The active memory of the project (or global) that says `content` in other words, by the store's near-duplicate check. */
function activeParaphrase(ctx: Ctx, projectId: string, content: string): string | undefined {
  for (const placement of [
    { scope: "project" as const, projectId, sessionId: null },
    { scope: "global" as const, projectId: null, sessionId: null },
  ]) {
    const near = findNearDuplicate(ctx, placement, content);
    if (!near) continue;
    const row = prepared(ctx.sqlite, "SELECT status FROM memories WHERE id = ?").get(near.id) as { status: string } | undefined;
    if (row?.status === "active") return near.id;
  }
  return undefined;
}
