import type { MemoryDto } from "../contracts/memories";
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
