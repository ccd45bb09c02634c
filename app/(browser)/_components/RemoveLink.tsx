"use client";

import { ActionErrorText } from "./ActionParts";
import { api } from "./api";
import { btn } from "./ui";
import { useApiAction } from "./use-api-action";

/** Removes one link between two memories (from whichever side it was made). */
export function RemoveLink({ from, to, kind, label }: { from: string; to: string; kind: string; label: string }) {
  const { pending, error, run } = useApiAction();
  return (
    <>
      <button
        type="button"
        data-testid="remove-link"
        aria-label={`Remove the link to ${label}`}
        className={`${btn.ghost} px-1.5 py-0 text-xs`}
        disabled={pending}
        onClick={() => run(() => api(`/api/memories/${from}/links?${new URLSearchParams({ to, kind })}`, { method: "DELETE" }))}
      >
        ×
      </button>
      <ActionErrorText error={error} />
    </>
  );
}
