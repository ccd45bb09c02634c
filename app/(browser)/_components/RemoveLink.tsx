"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { api, ApiFailure } from "./api";
import { btn } from "./ui";

/** Removes one link between two memories (from whichever side it was made). */
export function RemoveLink({ from, to, kind, label }: { from: string; to: string; kind: string; label: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        data-testid="remove-link"
        aria-label={`Remove the link to ${label}`}
        className={`${btn.ghost} px-1.5 py-0 text-xs`}
        disabled={pending}
        onClick={() =>
          start(async () => {
            try {
              await api(`/api/memories/${from}/links?${new URLSearchParams({ to, kind })}`, { method: "DELETE" });
              router.refresh();
            } catch (e) {
              setError(e instanceof ApiFailure ? e.message : String(e));
            }
          })
        }
      >
        ×
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </>
  );
}
