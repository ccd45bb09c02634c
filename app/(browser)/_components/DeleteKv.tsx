"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { api, ApiFailure } from "./api";
import { ConfirmDialog } from "./ConfirmDialog";
import { btn } from "./ui";

/** Deletes one KV key (asks first: a deleted value cannot be brought back). */
export function DeleteKv({ keyName, projectId }: { keyName: string; projectId: string | null }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = () =>
    start(async () => {
      setConfirm(false);
      setError(null);
      try {
        const path = keyName.split("/").map(encodeURIComponent).join("/");
        await api(`/api/kv/${path}${projectId ? `?project=${encodeURIComponent(projectId)}` : ""}`, { method: "DELETE" });
        router.refresh();
      } catch (e) {
        setError(e instanceof ApiFailure ? e.message : String(e));
      }
    });
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={btn.ghost} disabled={pending} onClick={() => setConfirm(true)} data-testid="kv-delete" aria-label={`Delete ${keyName}`}>
        Delete…
      </button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
      <ConfirmDialog open={confirm} title={`Delete the key “${keyName}”?`} confirmLabel="Delete" onConfirm={remove} onCancel={() => setConfirm(false)}>
        Its value is gone for good.
      </ConfirmDialog>
    </span>
  );
}
