import type { InboxItem } from "@/lib/consolidation/inbox";

/** How the review inbox orders, groups and names its items. */

/** "2 suggestions, 1 merge" for the items a bulk action took. */
export function describeItems(list: readonly InboxItem[]): string {
  const counts = new Map<string, number>();
  for (const i of list) {
    const k = i.type === "memory" ? (i.origin === "bootstrap" ? "bootstrap suggestion" : "suggestion") : `${i.kind} proposal`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} ${k}${n === 1 ? "" : "s"}`).join(", ") || "nothing";
}

export const kindOf = (i: InboxItem | undefined) => (i?.type === "proposal" ? i.kind : undefined);

/** The decision a proposal belongs to when it overlaps others (`evidence.group.id`). */
export function groupOf(i: InboxItem | undefined): string | undefined {
  if (i?.type !== "proposal") return undefined;
  const g = i.evidence.group as { id?: unknown } | undefined;
  return typeof g?.id === "string" ? g.id : undefined;
}

/** The items with each group's proposals together, where its first member stands. */
export function groupedFirst(list: readonly InboxItem[]): InboxItem[] {
  const out: InboxItem[] = [];
  const placed = new Set<string>();
  for (const i of list) {
    const g = groupOf(i);
    if (!g) out.push(i);
    else if (!placed.has(g)) {
      placed.add(g);
      out.push(...list.filter((o) => groupOf(o) === g));
    }
  }
  return out;
}
