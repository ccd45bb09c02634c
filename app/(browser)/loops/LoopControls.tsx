"use client";

import { NEEDS_JAVASCRIPT } from "../_components/needs-javascript";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ConfirmAction } from "../_components/ActionParts";
import { api } from "../_components/api";
import { btn, input } from "../_components/ui";
import { useApiAction } from "../_components/use-api-action";

/** Re-renders the page every 2 s while a loop runs (the server component reads fresh state). */
export function LiveRefresh({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), 2000);
    return () => clearInterval(timer);
  }, [active, router]);
  return (
    <span className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="loops-live">
      {active ? "live: refreshing every 2 s" : "no loop running"}
    </span>
  );
}

/** Cancel a loop, after a confirmation: the running iteration is stopped and the loop ends. */
export function CancelLoopButton({ id }: { id: string }) {
  return (
    <ConfirmAction
      label="Cancel loop…"
      title="Cancel this loop?"
      confirmLabel="Cancel the loop"
      buttonClass={btn.danger}
      testId="loop-cancel"
      action={() => api(`/api/loops/${encodeURIComponent(id)}/cancel`, { json: {} })}
    >
      Its running iteration is stopped and the loop ends. Its work so far stays; it can be restarted later.
    </ConfirmAction>
  );
}

/** Restart for an ended loop (not completed), with its iteration limit editable: raising it is how a loop that hit it goes on. */
export function RestartLoopButton({ id, iteration, maxIterations }: { id: string; iteration: number; maxIterations: number }) {
  const [limit, setLimit] = useState(String(maxIterations > 0 && iteration >= maxIterations ? iteration + 1 : maxIterations));
  const { pending, error, run } = useApiAction();
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      className="inline-flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => api(`/api/loops/${encodeURIComponent(id)}/restart`, { json: { maxIterations: Number(limit) } }));
      }}
    >
      <label className="inline-flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
        max iterations
        <input
          type="number"
          min={0}
          max={1000}
          required
          className={`${input} w-20`}
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          data-testid="loop-max-iterations"
          aria-invalid={error ? true : undefined}
        />
      </label>
      <button type="submit" className={btn.secondary} disabled={pending} data-testid="loop-restart">
        Restart loop
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error.message}
        </span>
      ) : null}
    </form>
  );
}
