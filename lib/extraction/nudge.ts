import type { StoredSuggestion } from "./store";

const MAX_ITEMS = 3;

/**
 * What the plugin shows the model when something worth storing was said and is not stored yet:
 * only suggestions created just now (an older suggestion was already nudged about once; an active
 * memory needs no nudge). Null when there is nothing to say.
 */
export function nudgeText(stored: readonly StoredSuggestion[]): string | null {
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
