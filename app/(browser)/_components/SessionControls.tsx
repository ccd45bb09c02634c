"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useState } from "react";
import { ActionErrorText } from "./ActionParts";
import { api } from "./api";
import { btn, input, label } from "./ui";
import { useApiAction } from "./use-api-action";

/** Ends an active session, with an optional summary (the same call the plugin makes). */
export function EndSession({ id }: { id: string }) {
  const { pending, error, run } = useApiAction();
  const [summary, setSummary] = useState("");
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => api(`/api/sessions/${encodeURIComponent(id)}/end`, { json: summary.trim() ? { summary: summary.trim() } : {} }));
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
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

/** Releases one live claim of a session (DELETE /api/claims, as the holder). */
export function ReleaseClaim({ sessionId, projectId, item }: { sessionId: string; projectId: string; item: string }) {
  const { pending, error, run } = useApiAction();
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={btn.ghost}
        disabled={pending}
        data-testid="release-claim"
        aria-label={`Release claim ${item}`}
        onClick={() => run(() => api(`/api/claims?${new URLSearchParams({ sessionID: sessionId, project: projectId, item })}`, { method: "DELETE" }))}
      >
        Release
      </button>
      <ActionErrorText error={error} />
    </span>
  );
}
