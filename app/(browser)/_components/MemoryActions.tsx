"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { api } from "./api";
import { ConfirmDialog } from "./ConfirmDialog";
import { undoStatus } from "./MemoryTable";
import { btn } from "./ui";
import { UndoToast, type Undoable } from "./UndoToast";
import { toActionError, useApiAction } from "./use-api-action";

/** Archive / restore / delete one memory (through the bulk verb, recorded as a UI change); resolve / reopen a blocker. */
export function MemoryActions({ id, status, category }: { id: string; status: string; category?: string }) {
  const router = useRouter();
  const { pending, error, run: call, fail } = useApiAction();
  const [confirm, setConfirm] = useState(false);
  const [toast, setToast] = useState<Undoable | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const run = (action: "archive" | "restore" | "delete") => {
    setConfirm(false);
    call(
      async () => {
        await api("/api/memories/bulk", { json: { ids: [id], action, source: "ui" } });
        if (action === "delete") return router.push("/memories");
        const before = new Map([[id, status]]);
        setToast({ text: action === "archive" ? "Memory archived." : "Memory restored.", undo: () => undoStatus([id], before, router.refresh) });
        router.refresh();
      },
      { refresh: false },
    );
  };
  // A suggested memory is decided here as in the review inbox; Undo takes back exactly that action.
  const decide = (action: "approve" | "reject") =>
    call(async () => {
      const r = await api<{ actionId: number }>("/api/inbox/actions", { json: { items: [{ type: "memory", id, action }], source: "ui" } });
      setToast({
        text: action === "approve" ? "Suggestion approved." : "Suggestion dismissed (archived).",
        undo: async () => {
          try {
            await api("/api/inbox/undo", { json: { actionId: r.actionId } });
          } catch (e) {
            fail(toActionError(e).message);
          }
          router.refresh();
        },
      });
    });
  const setBlocker = (next: "resolved" | "active") =>
    call(() => api(`/api/memories/${id}`, { method: "PATCH", json: { status: next, source: "ui", reason: next === "resolved" ? "resolved" : "reopened" } }));
  const restorable = status === "archived" || status === "resolved";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {status === "suggested" ? (
        <>
          <button type="button" data-testid="approve-suggestion" className={btn.primary} disabled={pending} onClick={() => decide("approve")}>
            Approve
          </button>
          <button type="button" data-testid="dismiss-suggestion" className={btn.secondary} disabled={pending} onClick={() => decide("reject")}>
            Dismiss
          </button>
        </>
      ) : null}
      {category === "blocker" && status === "active" ? (
        <button type="button" data-testid="resolve-blocker" className={btn.primary} disabled={pending} onClick={() => setBlocker("resolved")}>
          Resolve
        </button>
      ) : null}
      {category === "blocker" && status === "resolved" ? (
        <button type="button" data-testid="unresolve-blocker" className={btn.secondary} disabled={pending} onClick={() => setBlocker("active")}>
          Reopen
        </button>
      ) : null}
      {/* A form each, so they work without JavaScript too (app/api/forms/memories/[id]/status). */}
      <form
        method="post"
        action={`/api/forms/memories/${encodeURIComponent(id)}/status`}
        onSubmit={(e) => {
          e.preventDefault();
          run(restorable ? "restore" : "archive");
        }}
      >
        <input type="hidden" name="action" value={restorable ? "restore" : "archive"} />
        {restorable ? (
          <button type="submit" data-testid="restore-memory" className={btn.secondary} disabled={pending}>
            Restore
          </button>
        ) : (
          <button type="submit" data-testid="archive-memory" className={btn.secondary} disabled={pending}>
            Archive
          </button>
        )}
      </form>
      <button type="button" data-testid="delete-memory" className={btn.ghost} disabled={pending} onClick={() => setConfirm(true)}>
        Delete…
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </span>
      ) : null}
      <UndoToast toast={toast} onClose={closeToast} />
      <ConfirmDialog
        open={confirm}
        title="Delete this memory for good?"
        confirmLabel="Delete permanently"
        onConfirm={() => run("delete")}
        onCancel={() => setConfirm(false)}
      >
        Its versions and links go with it. Archiving keeps it restorable.
      </ConfirmDialog>
    </div>
  );
}
