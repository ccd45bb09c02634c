import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { prepared } from "../db/prepared";
import { badRequest, conflict } from "../errors";
import { getMemoryRow } from "../memories/get";
import { contentHash } from "../memories/normalize";
import { applyChange } from "../memories/update";
import { redact } from "../security/redaction";
import type { Source } from "../vocabulary";
import { applyProposalIn, proposalRow, recordAction, rejectProposalIn, type UndoStep } from "./decide";
import { closeOutdated, outdatedReason } from "./outdated";

export interface InboxDecision {
  type: "memory" | "proposal";
  id: string;
  /** `supersede`: approve a suggested memory and mark `supersedes` as replaced by it. */
  action: "approve" | "reject" | "supersede";
  content?: string;
  keeperId?: string;
  supersedes?: string;
}

export interface InboxActResult {
  /** Items decided. */
  done: number;
  /** The recorded action (for undo); null when nothing was decided. */
  actionId: number | null;
  /** Proposals approved after their memories changed: closed as outdated instead, with the reason. */
  outdated: { id: string; reason: string }[];
}

/**
 * Decides one or more inbox items in one transaction, recorded as one action (so a bulk
 * approve is undone at once). Suggested memories: approve -> active (with the edited text),
 * reject -> archived, supersede -> active and the other memory superseded by it. A proposal
 * approved after its memories changed is not applied: it is closed as outdated, and said so.
 */
export function actOnInbox(ctx: Ctx, decisions: readonly InboxDecision[], by: Source = "ui"): InboxActResult {
  if (decisions.length === 0) throw badRequest("items: give at least one", { field: "items" });
  return withTransaction(
    ctx.db,
    (tx) => {
      const steps: UndoStep[] = [];
      const outdated: InboxActResult["outdated"] = [];
      for (const d of decisions) {
        if (d.type === "proposal") {
          if (d.action === "supersede") throw badRequest("action: supersede applies to a suggested memory", { field: "action" });
          const p = proposalRow(ctx, d.id);
          const reason = d.action === "approve" && p.status === "open" ? outdatedReason(ctx, p) : undefined;
          if (reason) {
            closeOutdated(ctx, d.id, reason);
            outdated.push({ id: d.id, reason });
            continue;
          }
          steps.push(d.action === "approve" ? applyProposalIn(ctx, tx, d.id, { by, content: d.content, keeperId: d.keeperId }) : rejectProposalIn(ctx, d.id));
          continue;
        }
        const row = getMemoryRow(tx, d.id);
        if (row.status !== "suggested") throw conflict(`memory "${d.id}" is ${row.status}, not suggested`, { memoryId: d.id });
        const step: UndoStep = {
          memories: [{ id: row.id, status: row.status, content: row.content, title: row.title }],
          links: [],
          files: [],
          mergeProposals: [],
        };
        if (d.action === "reject") applyChange(tx, row, { status: "archived" }, by, "rejected in the review inbox");
        else {
          const next: Parameters<typeof applyChange>[2] = { status: "active" };
          if (d.content !== undefined && d.content !== row.content) {
            const content = redact(d.content);
            next.content = content;
            next.contentHash = contentHash(content);
          }
          applyChange(tx, row, next, by, "approved in the review inbox");
        }
        if (d.action === "supersede") {
          if (!d.supersedes || d.supersedes === d.id) throw badRequest("supersedes: give the id of the memory it replaces", { field: "supersedes" });
          const older = getMemoryRow(tx, d.supersedes);
          step.memories.push({ id: older.id, status: older.status, content: older.content, title: older.title });
          applyChange(tx, older, { status: "superseded" }, by, `superseded by ${d.id}`);
          const res = prepared(ctx.sqlite, "INSERT INTO memory_links (from_id, to_id, kind) VALUES (?, ?, 'supersedes') ON CONFLICT DO NOTHING").run(
            d.id,
            older.id,
          );
          if (res.changes) step.links.push({ from: d.id, to: older.id, kind: "supersedes" });
        }
        steps.push(step);
      }
      if (steps.length === 0) return { done: 0, actionId: null, outdated };
      const first = decisions[0]!;
      const label = decisions.length === 1 ? first.action : `bulk ${first.action}`;
      const actionId = recordAction(ctx, label, decisions.length === 1 ? `${first.type}:${first.id}` : `${decisions.length} items`, steps);
      return { done: steps.length, actionId, outdated };
    },
    "immediate",
  );
}
