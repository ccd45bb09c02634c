"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { api, ApiFailure } from "./api";
import { btn, input, label } from "./ui";

/** Ends an active session, with an optional summary (the same call the plugin makes). */
export function EndSession({ id }: { id: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [summary, setSummary] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          setError(null);
          try {
            await api(`/api/sessions/${encodeURIComponent(id)}/end`, { json: summary.trim() ? { summary: summary.trim() } : {} });
            router.refresh();
          } catch (err) {
            setError(err instanceof ApiFailure ? err.message : String(err));
          }
        });
      }}
    >
      <label htmlFor="end-summary" className={label}>
        Summary <span className="normal-case text-zinc-600 dark:text-zinc-400">(optional)</span>
      </label>
      <textarea id="end-summary" rows={3} maxLength={20_000} value={summary} onChange={(e) => setSummary(e.target.value)} className={input} />
      <div>
        <button type="submit" className={btn.secondary} disabled={pending} data-testid="end-session">
          {pending ? "Ending…" : "End session"}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Releases one live claim of a session (DELETE /api/claims, as the holder). */
export function ReleaseClaim({ sessionId, projectId, item }: { sessionId: string; projectId: string; item: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={btn.ghost}
        disabled={pending}
        data-testid="release-claim"
        aria-label={`Release claim ${item}`}
        onClick={() =>
          start(async () => {
            setError(null);
            try {
              const q = new URLSearchParams({ sessionID: sessionId, project: projectId, item });
              await api(`/api/claims?${q}`, { method: "DELETE" });
              router.refresh();
            } catch (err) {
              setError(err instanceof ApiFailure ? err.message : String(err));
            }
          })
        }
      >
        Release
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
