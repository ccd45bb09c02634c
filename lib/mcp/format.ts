import type { MemoryDto } from "../contracts/memories";
import type { SessionDto } from "../contracts/sessions";
import type { MemoryTracker } from "../contracts/trackers";
import { oneLine } from "../injection/format";

/** How a memory is shown in every tool result: id, category, scope and age always; `compact` keeps one line each. */
export function formatMemory(m: Pick<MemoryDto, "id" | "category" | "scope" | "age" | "status" | "pinned" | "title" | "content">, compact = false): string {
  const flags = [m.status !== "active" ? m.status : "", m.pinned ? "pinned" : ""].filter(Boolean).join(", ");
  const head = `[${m.id}] ${m.category} · ${m.scope} · ${m.age}${flags ? ` · ${flags}` : ""}`;
  if (compact) {
    const text = oneLine(m.title ? `${m.title}: ${m.content}` : m.content);
    return `${head}: ${text.length > 200 ? `${text.slice(0, 199)}…` : text}`;
  }
  return `${head}${m.title ? `\n${m.title}` : ""}\n${m.content}`;
}

export function formatMemories(items: readonly Parameters<typeof formatMemory>[0][], compact = false, empty = "No memories found."): string {
  if (items.length === 0) return empty;
  return items.map((m) => formatMemory(m, compact)).join(compact ? "\n" : "\n\n");
}

/** Search results as text, each head line followed by the tracker state of the issues it mentions (when fetched). */
export function formatResults(results: readonly (Parameters<typeof formatMemory>[0] & { trackers?: MemoryTracker[] })[], compact?: boolean): string {
  if (results.length === 0) return formatMemories(results, compact);
  return results
    .map((r) => {
      const text = formatMemory(r, compact);
      const note = trackerNote(r.trackers);
      if (!note) return text;
      const nl = text.indexOf(compact ? ": " : "\n");
      return text.slice(0, nl) + note + text.slice(nl);
    })
    .join(compact ? "\n" : "\n\n");
}

/** ` (#12 open: Title; !3 merged: Fix)` appended to a result's head line (search results carry their cached trackers). */
export const trackerNote = (trackers: MemoryTracker[] | undefined) =>
  trackers?.length ? ` (${trackers.map((t) => `${t.entity} ${t.item!.state}: ${t.item!.title}`).join("; ")})` : "";

/** A session in one line: id, title, agent, status, what it works on, its claims. */
export function formatSession(s: SessionDto): string {
  const claims = s.claims.length ? ` · claims: ${s.claims.map((c) => c.item).join(", ")}` : "";
  return `- ${s.id}${s.title ? ` "${s.title}"` : ""}${s.agent ? ` (${s.agent})` : ""} · ${s.status}${s.workingOn ? ` · working on: ${s.workingOn}` : ""}${claims}`;
}
