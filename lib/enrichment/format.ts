import type { TrackerItem } from "./fetch";

/** One line: `[open] Title · labels: a, b · assignees: x · milestone: M · updated 2026-01-02`. */
export function formatTrackerItem(item: TrackerItem): string {
  const parts = [`[${item.state}] ${item.title}`];
  if (item.labels.length) parts.push(`labels: ${item.labels.join(", ")}`);
  if (item.assignees.length) parts.push(`assignees: ${item.assignees.join(", ")}`);
  if (item.milestone) parts.push(`milestone: ${item.milestone}`);
  if (item.updatedAt) parts.push(`updated ${item.updatedAt.slice(0, 10)}`);
  return parts.join(" · ");
}
