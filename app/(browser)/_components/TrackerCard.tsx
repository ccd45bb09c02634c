import type { MemoryTracker } from "@/lib/enrichment";
import { Badge, Card } from "./ui";

const STATE_TONE = { open: "green", merged: "indigo", closed: "red" } as const;

/** The issues and merge requests a memory mentions, with their tracker state (docs/mcp.md, enrichment). */
export function TrackerCard({ trackers }: { trackers: MemoryTracker[] }) {
  if (trackers.length === 0) return null;
  return (
    <Card title="Issues and merge requests" testId="trackers">
      <ul className="space-y-1 text-sm">
        {trackers.map((t) => (
          <li key={t.ref} data-testid="tracker-item" className="flex flex-wrap items-center gap-1.5">
            {t.item ? <Badge tone={STATE_TONE[t.item.state]}>{t.item.state}</Badge> : <Badge title="not fetched yet">?</Badge>}
            <span className="font-mono text-xs">{t.ref}</span>
            {t.item ? <span>{t.item.title}</span> : null}
            {t.item?.labels.map((l) => (
              <Badge key={l}>{l}</Badge>
            ))}
            {t.item?.assignees.length ? <span className="text-xs text-zinc-600 dark:text-zinc-400">@{t.item.assignees.join(", @")}</span> : null}
            {t.item?.milestone ? <span className="text-xs text-zinc-600 dark:text-zinc-400">· {t.item.milestone}</span> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
