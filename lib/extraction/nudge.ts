import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { activeHolding, type StoredSuggestion } from "./store";

const MAX_ITEMS = 3;

/**
 * What the plugin shows the model when something worth storing was said and is not stored yet:
 * only suggestions created just now (an older suggestion was already nudged about once; an active
 * memory needs no nudge). Null when there is nothing to say.
 */
export function nudgeText(stored: readonly Pick<StoredSuggestion, "memoryId" | "category" | "content" | "deduplicated" | "alreadyActive">[]): string | null {
  const fresh = stored.filter((s) => !s.deduplicated && !s.alreadyActive);
  if (fresh.length === 0) return null;
  const lines = fresh.slice(0, MAX_ITEMS).map((s) => `- ${s.category}: ${oneLine(s.content, 200)} (suggestion ${s.memoryId})`);
  if (fresh.length > MAX_ITEMS) lines.push(`- ... and ${fresh.length - MAX_ITEMS} more`);
  return [
    `[Recollect] Something worth remembering was said and is not stored yet. Saved as suggestions (not active):`,
    ...lines,
    `If these should outlive this session, store them with memory_store (or confirm the suggestion); otherwise ignore this note.`,
  ].join("\n");
}

function oneLine(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/**
 * The nudge about these suggestions as the store is now (the plugin shows a nudge with the next
 * user message, a turn or more after extraction): only those still `suggested`, not among `shown`
 * (the message's recall block, the pinned block), and not linked to an active memory (the model
 * stored the same fact in other words meanwhile: the store linked the two as similar). A suggestion
 * the model stored in nearly the same words was confirmed by that store (it is active now).
 */
export function nudgeNow(ctx: Ctx, ids: readonly string[], shown: ReadonlySet<string>): string | null {
  const wanted = [...new Set(ids)].filter((id) => !shown.has(id)).slice(0, 20);
  if (wanted.length === 0) return null;
  const rows = prepared(
    ctx.sqlite,
    `SELECT m.id AS memoryId, m.category AS category, m.content AS content, m.project_id AS projectId FROM memories m
     WHERE m.id IN (SELECT value FROM json_each(?)) AND m.status = 'suggested'
       AND NOT EXISTS (SELECT 1 FROM memory_links l JOIN memories o ON o.id = CASE WHEN l.from_id = m.id THEN l.to_id ELSE l.from_id END
                       WHERE (l.from_id = m.id OR l.to_id = m.id) AND o.status = 'active')`,
  ).all(JSON.stringify(wanted)) as { memoryId: string; category: StoredSuggestion["category"]; content: string; projectId: string | null }[];
  // Stored meanwhile in words close to these (the store links only what its own check calls similar).
  const byId = new Map(rows.filter((r) => !r.projectId || !activeHolding(ctx, r.projectId, r.content, r.memoryId)).map((r) => [r.memoryId, r]));
  // In the order extraction found them.
  const live = wanted.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ ...r, deduplicated: false, alreadyActive: false }] : [];
  });
  return nudgeText(live);
}
