import type { SyncState } from "@/lib/team/status";
import { Badge } from "./ui";

const LOOK: Record<SyncState, { tone: "green" | "amber" | "red" | "zinc"; text: string; title: string }> = {
  synced: { tone: "green", text: "synced", title: "The team hub has this version" },
  pending: { tone: "amber", text: "pending", title: "Waiting in the outbox for the next sync with the team hub" },
  conflict: { tone: "red", text: "conflict", title: "Another machine's edit won; the other text waits in the review inbox" },
  "not-shared": { tone: "zinc", text: "not shared", title: "Stays on this machine: not in a project shared with the team" },
};

/** A memory's team sync state (only on a machine that joined a hub: docs/team.md). */
export function SyncBadge({ state }: { state: SyncState | null | undefined }) {
  if (!state) return null;
  const look = LOOK[state];
  return (
    <Badge tone={look.tone} title={look.title}>
      <span data-testid="sync-state" data-state={state}>
        <span className="sr-only">team sync: </span>
        {look.text}
      </span>
    </Badge>
  );
}
