import type { MemoryDto } from "../../lib/contracts/memories";
import { headOf } from "../../lib/text-slice";

/** One memory as the tools show it: id, category, scope, age, then the text. */
export function memoryLine(m: Pick<MemoryDto, "id" | "category" | "scope" | "age" | "pinned" | "title" | "content" | "tags">, max = 600): string {
  const flags = [m.category, m.scope, m.age, ...(m.pinned ? ["pinned"] : [])].join(", ");
  const body = (m.title ? `${m.title}: ` : "") + m.content.replace(/\s+/g, " ").trim();
  const tags = m.tags.length ? ` #${m.tags.join(" #")}` : "";
  return `- ${m.id} [${flags}] ${body.length > max ? `${headOf(body, max)}…` : body}${tags}`;
}

export const unavailable = (error: string) => `Recollect memory is unavailable right now (${error}). Continue without it.`;
