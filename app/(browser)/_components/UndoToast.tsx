"use client";

import { useEffect } from "react";
import { btn } from "./ui";

export interface Undoable {
  text: string;
  undo: () => Promise<void>;
}

/** How long the Undo stays offered; the change itself is already saved. */
const SHOW_MS = 15_000;

/** "Archived 3 memories. [Undo]" at the bottom of the screen, for a change that can be taken back. */
export function UndoToast({ toast, onClose, pending }: { toast: Undoable | null; onClose: () => void; pending?: boolean }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  if (!toast) return null;
  return (
    <div
      role="status"
      data-testid="undo-toast"
      className="fixed inset-x-2 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg bg-zinc-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
    >
      <span>{toast.text}</span>
      <span className="flex gap-1">
        <button
          type="button"
          data-testid="undo-button"
          disabled={pending}
          className={`${btn.base} bg-white/10 text-white hover:bg-white/20 dark:bg-zinc-900/10 dark:text-zinc-900`}
          onClick={() => void toast.undo().finally(onClose)}
        >
          Undo
        </button>
        <button type="button" aria-label="Dismiss" className={`${btn.base} text-white/70 dark:text-zinc-400`} onClick={onClose}>
          ×
        </button>
      </span>
    </div>
  );
}
