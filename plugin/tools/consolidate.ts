import { tool } from "../tool";
import { kindCounts } from "../commands/dream";
import type { Runtime } from "../runtime";
import { unavailable } from "./format";

const z = tool.schema;

/** What `POST /api/consolidate` answers that the tool reports (lib/consolidation/consolidate.ts). */
interface ConsolidateAnswer {
  found: Record<string, number>;
  created: number;
  autoApplied: number;
  proposals?: Array<{ kind: string; memoryIds: string[]; reason: string }>;
}

/** At most this many dry-run proposals go back to the model (each is a line). */
const LISTED = 30;

/**
 * The librarian's hand on the consolidation verb (what `/dream` runs): finds merges, supersessions
 * (contradictions), stale and expired memories of this project. Stored proposals wait in the inbox
 * for the user; a dry run lists them to the librarian instead, so it can resolve them itself.
 */
export function consolidateTools(rt: Runtime) {
  return {
    memory_consolidate: tool({
      description:
        "Run memory consolidation for this project: find duplicates to merge, contradictions (newer supersedes older), stale and expired memories. dryRun lists them without storing proposals.",
      args: { dryRun: z.boolean().optional().describe("list what would be proposed; store nothing") },
      async execute({ dryRun }, ctx) {
        const res = await rt.client.post<ConsolidateAnswer>(
          "/api/consolidate",
          { directory: ctx.directory || rt.directory, dryRun: dryRun ?? false },
          { timeoutMs: rt.settings.compactTimeoutMs },
        );
        if (!res.ok) return res.status && res.status < 500 ? `Not consolidated: ${res.error}` : unavailable(res.error);
        const kinds = kindCounts(res.data.found) || "nothing";
        if (dryRun) {
          const list = (res.data.proposals ?? []).slice(0, LISTED).map((p) => `- ${p.kind} ${p.memoryIds.join(", ")}: ${p.reason}`);
          return [`Consolidation (dry run) found: ${kinds}.`, ...list].join("\n");
        }
        const auto = res.data.autoApplied ? `, ${res.data.autoApplied} applied at once` : "";
        return `Consolidation found: ${kinds}; ${res.data.created} new proposals stored for the user's review in the inbox${auto}.`;
      },
    }),
  };
}
