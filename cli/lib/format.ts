import type { MemoryDto } from "../../lib/contracts/memories";
import { oneLine } from "./output";

/** An age ("just now", "5m", "3d"...) in a phrase: "5m old" / "5m ago", but never "just now old". */
export function agePhrase(age: string, suffix: "old" | "ago"): string {
  return age === "just now" ? age : `${age} ${suffix}`;
}

/** How a memory prints in lists: id, category, scope, age, then its content on the next lines. */
export function memoryBlock(m: MemoryDto & { score?: number }, options: { full?: boolean } = {}): string {
  const flags = [m.category, m.scope, m.status !== "active" ? m.status : "", m.pinned ? "pinned" : "", m.age ? agePhrase(m.age, "old") : ""]
    .filter(Boolean)
    .join(", ");
  const head = `${m.id}  ${m.title ? `${m.title}  ` : ""}(${flags})${m.score !== undefined ? `  score ${m.score.toFixed(3)}` : ""}`;
  const body = options.full ? m.content : oneLine(m.content, 400);
  const tags = m.tags.length ? `\n    tags: ${m.tags.join(", ")}` : "";
  return `${head}\n    ${body.split("\n").join("\n    ")}${tags}`;
}

export function memoryDetail(m: MemoryDto): string[] {
  return [
    `id        ${m.id}`,
    ...(m.title ? [`title     ${m.title}`] : []),
    `category  ${m.category}`,
    `scope     ${m.scope}${m.projectId ? ` (project ${m.projectId})` : ""}${m.sessionId ? ` (session ${m.sessionId})` : ""}`,
    `status    ${m.status}${m.pinned ? ", pinned" : ""}; priority ${m.priority}`,
    `tags      ${m.tags.join(", ") || "-"}`,
    `source    ${m.source}`,
    `created   ${m.createdAt} (${agePhrase(m.age, "ago")}); updated ${m.updatedAt}`,
    "",
    m.content,
  ];
}
