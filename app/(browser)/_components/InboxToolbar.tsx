"use client";

import { btn, input } from "./ui";

/** The inbox's bar: how much is to review, the project filter, bulk decisions, consolidation. */
export function InboxToolbar({
  counts,
  projects,
  projectFilter,
  onProjectFilter,
  selectedCount,
  busy,
  consolidating,
  onBulk,
  onConsolidate,
}: {
  counts: { total: number; suggested: number };
  projects: (readonly [string, string])[];
  projectFilter: string;
  onProjectFilter: (id: string) => void;
  selectedCount: number;
  busy: boolean;
  consolidating: boolean;
  onBulk: (action: "approve" | "reject") => void;
  onConsolidate: () => void;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <span data-testid="inbox-count" className="text-sm text-zinc-600 dark:text-zinc-400">
        {counts.total} to review · {counts.suggested} suggested · {counts.total - counts.suggested} proposals
      </span>
      <label className="text-sm text-zinc-600 dark:text-zinc-400">
        Project{" "}
        <select
          data-testid="inbox-project-filter"
          className={`${input} w-auto text-sm`}
          value={projectFilter}
          onChange={(e) => onProjectFilter(e.target.value)}
        >
          <option value="">All projects</option>
          {projects.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <span className="flex-1" />
      {selectedCount ? (
        <>
          <button type="button" data-testid="bulk-approve" className={btn.primary} disabled={busy} onClick={() => onBulk("approve")}>
            Approve {selectedCount} selected
          </button>
          <button type="button" data-testid="bulk-reject" className={btn.secondary} disabled={busy} onClick={() => onBulk("reject")}>
            Reject {selectedCount} selected
          </button>
        </>
      ) : null}
      <button type="button" data-testid="run-consolidation" className={btn.secondary} disabled={busy} onClick={onConsolidate}>
        {consolidating ? "Consolidating…" : "Consolidate now"}
      </button>
    </div>
  );
}
