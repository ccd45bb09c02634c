"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { api, ApiFailure } from "../_components/api";
import { btn } from "../_components/ui";

/** Re-renders the page every 2 s while a loop runs (the server component reads fresh state). */
export function LiveRefresh({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), 2000);
    return () => clearInterval(timer);
  }, [active, router]);
  return (
    <span className="text-xs text-zinc-500" data-testid="loops-live">
      {active ? "live: refreshing every 2 s" : "no loop running"}
    </span>
  );
}

export function CancelLoopButton({ id }: { id: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <button
        type="button"
        className={btn.danger}
        disabled={busy}
        data-testid="loop-cancel"
        onClick={async () => {
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
        }}
      >
        Cancel loop
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </>
  );
}
