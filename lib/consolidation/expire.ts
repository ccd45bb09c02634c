import type { Slicer } from "./slicer";
import { clip } from "./supersede";
import { textOf } from "./features";
import { DAY_MS, type Candidate, type MemoryLite } from "./types";

/** Categories of conversation notes: what happened, not what is true. */
const EVENT_CATEGORIES = new Set(["event", "context"]);

/** Resolved blockers older than `blockerDays`, events and conversation notes older than `eventDays`. */
export async function expired(
  memories: readonly MemoryLite[],
  opts: { blockerDays: number; eventDays: number; now: number },
  slicer: Slicer,
): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const m of memories) {
    if (slicer.due()) await slicer.pause();
    if (m.pinned) continue;
    if (m.category === "blocker" && m.status === "resolved") {
      const age = Math.floor((opts.now - m.updatedAt) / DAY_MS);
      if (age >= opts.blockerDays) out.push(expiry(m, `A blocker resolved ${age} days ago (older than ${opts.blockerDays}).`, age));
    } else if (EVENT_CATEGORIES.has(m.category) && m.status === "active") {
      const age = Math.floor((opts.now - m.createdAt) / DAY_MS);
      if (age >= opts.eventDays)
        out.push(expiry(m, `An ${m.category === "event" ? "event" : "conversation note"} from ${age} days ago (older than ${opts.eventDays}).`, age));
    }
  }
  return out;
}

const expiry = (m: MemoryLite, reason: string, ageDays: number): Candidate => ({
  kind: "expire",
  projectId: m.projectId,
  memoryIds: [m.id],
  reason,
  evidence: { category: m.category, status: m.status, ageDays, text: clip(textOf(m)) },
  safe: true,
});
