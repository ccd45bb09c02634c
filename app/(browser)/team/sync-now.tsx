"use client";

import { useState } from "react";
import { ActionErrorText } from "../_components/ActionParts";
import { api } from "../_components/api";
import { NEEDS_JAVASCRIPT } from "../_components/needs-javascript";
import { btn } from "../_components/ui";
import { useApiAction } from "../_components/use-api-action";

interface SyncOutcome {
  pushed: number;
  pulled: number;
  error: string | null;
}

/** One sync round now (the server runs one every few seconds anyway): POST /api/team/sync. */
export function SyncNow() {
  const { pending, error, run } = useApiAction();
  const [done, setDone] = useState<SyncOutcome | null>(null);
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        run(async () => setDone(await api<SyncOutcome>("/api/team/sync", { method: "POST" })));
      }}
    >
      <button type="submit" className={btn.secondary} disabled={pending} data-testid="team-sync-now">
        {pending ? "Syncing…" : "Sync now"}
      </button>
      {done ? (
        <span role="status" data-testid="team-sync-result" className="text-sm">
          {done.error ? `Not reached: ${done.error}` : `Pushed ${done.pushed}, pulled ${done.pulled}.`}
        </span>
      ) : null}
      <ActionErrorText error={error} />
    </form>
  );
}
