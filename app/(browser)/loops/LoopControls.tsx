"use client";

import { NEEDS_JAVASCRIPT } from "../_components/needs-javascript";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { api, ApiFailure } from "../_components/api";
import { ConfirmDialog } from "../_components/ConfirmDialog";
import { btn, input } from "../_components/ui";

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
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string>();
  const cancel = async () => {
    setConfirm(false);
    setBusy(true);
    setError(undefined);
    try {
      await api(`/api/loops/${encodeURIComponent(id)}/cancel`, { json: {} });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : "cancel failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={btn.danger} disabled={busy} data-testid="loop-cancel" onClick={() => setConfirm(true)}>
        Cancel loop…
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
      <ConfirmDialog open={confirm} title="Cancel this loop?" confirmLabel="Cancel the loop" onConfirm={cancel} onCancel={() => setConfirm(false)}>
        Its running iteration is stopped and the loop ends. Its work so far stays; it can be restarted later.
      </ConfirmDialog>
    </>
  );
}

/** Restart for an ended loop (not completed), with its iteration limit editable: raising it is how a loop that hit it goes on. */
export function RestartLoopButton({ id, iteration, maxIterations }: { id: string; iteration: number; maxIterations: number }) {
  const router = useRouter();
  const [limit, setLimit] = useState(String(maxIterations > 0 && iteration >= maxIterations ? iteration + 1 : maxIterations));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      className="inline-flex items-center gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          await api(`/api/loops/${encodeURIComponent(id)}/restart`, { json: { maxIterations: Number(limit) } });
          router.refresh();
        } catch (err) {
          setError(err instanceof ApiFailure ? err.message : "restart failed");
        } finally {
          setBusy(false);
        }
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
      <button type="submit" className={btn.secondary} disabled={busy} data-testid="loop-restart">
        Restart loop
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </form>
  );
}
