"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { api, saveFile } from "./api";
import { useApiAction } from "./use-api-action";
import { ConfirmDialog } from "./ConfirmDialog";
import { MemoryRowItem, type Row } from "./MemoryRowItem";
import { btn } from "./ui";
import { UndoToast, type Undoable } from "./UndoToast";

export type { Row } from "./MemoryRowItem";

type Action = "archive" | "restore" | "delete";

/** A search's matches beyond the page: "select all N matching" acts on them on the server. */
export interface Matching {
  total: number;
  more: boolean;
  /** The search as `POST /api/memories/bulk/matching` takes it (without the action). */
  search: { query: string; project?: string; scope?: string; category?: string; status?: string; tags?: string[]; pinned?: string };
}

interface BulkAnswer {
  changed: string[];
  unchanged: string[];
  notFound: string[];
  before: Record<string, string>;
}

/** The list with selection and bulk actions (archive, restore, delete with confirmation, export). */
export function MemoryTable({ rows, empty, matching }: { rows: Row[]; empty?: React.ReactNode; matching?: Matching }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState(false);
  // What the last action did; its failure comes from the toolkit.
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, run: call } = useApiAction();
  const [toast, setToast] = useState<Undoable | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const ids = [...selected];
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  // Every match of the search, not only this page: offered once the whole page is selected.
  const [allMatching, setAllMatching] = useState(false);
  const canSelectMatching = all && !!matching && matching.total > rows.length;
  const count = allMatching && matching ? matching.total : selected.size;

  // A new page of rows (filters changed, next page) keeps only selections that are still visible.
  useEffect(() => {
    setSelected((s) => new Set([...s].filter((id) => rows.some((r) => r.id === id))));
    setAllMatching(false);
  }, [rows]);
  useEffect(() => {
    if (!all) setAllMatching(false);
  }, [all]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !confirm) {
        setSelected(new Set());
        setAllMatching(false);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [confirm]);

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  // Shift-click selects (or clears) the range from the last row clicked to this one.
  const [anchor, setAnchor] = useState<number | null>(null);
  const clickBox = (index: number, shift: boolean) => {
    if (shift && anchor !== null && anchor !== index) {
      const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
      const range = rows.slice(from, to + 1).map((r) => r.id);
      const on = !selected.has(rows[index].id);
      setSelected((s) => {
        const n = new Set(s);
        for (const id of range)
          if (on) n.add(id);
          else n.delete(id);
        return n;
      });
    } else toggle(rows[index].id);
    setAnchor(index);
  };

  // j/k move through the rows, x selects the current one, Enter opens it (its link has the focus),
  // e opens it for editing. Ignored while typing in a field.
  const [cursor, setCursor] = useState(-1);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
      if (rows.length === 0 || !["j", "k", "x", "e"].includes(e.key)) return;
      e.preventDefault();
      if (e.key === "j" || e.key === "k") {
        const next = Math.max(0, Math.min(rows.length - 1, cursor + (e.key === "j" ? 1 : -1)));
        setCursor(next);
        document.querySelector<HTMLAnchorElement>(`[data-testid="memory-item"][data-id="${rows[next].id}"] [data-testid="memory-link"]`)?.focus();
      } else if (cursor >= 0 && e.key === "x") toggle(rows[cursor].id);
      else if (cursor >= 0 && e.key === "e") router.push(`/memories/${rows[cursor].id}#edit`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const run = (action: Action) => {
    setConfirm(false);
    setDone(null);
    call(async () => {
      const r =
        allMatching && matching
          ? await api<BulkAnswer>("/api/memories/bulk/matching", { json: { ...matching.search, action, source: "ui" } })
          : await api<BulkAnswer>("/api/memories/bulk", { json: { ids, action, source: "ui" } });
      const verb = action === "archive" ? "Archived" : action === "restore" ? "Restored" : "Deleted";
      setDone(
        `${verb} ${r.changed.length} ${r.changed.length === 1 ? "memory" : "memories"}${r.unchanged.length ? ` (${r.unchanged.length} already ${action === "archive" ? "archived" : "active"})` : ""}.`,
      );
      setSelected(new Set());
      setAllMatching(false);
      if (action !== "delete" && r.changed.length) {
        const before = new Map(Object.entries(r.before));
        setToast({
          text: `${verb} ${r.changed.length} ${r.changed.length === 1 ? "memory" : "memories"}.`,
          undo: () => undoStatus(r.changed, before, router.refresh),
        });
      }
    });
  };

  const exportSelection = (format: "markdown" | "json") => {
    setDone(null);
    call(
      async () => {
        const res = await fetch("/api/export", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ format, ids }) });
        if (!res.ok) throw new Error((await res.json().catch(() => null))?.error?.message ?? `export failed (${res.status})`);
        const name = res.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? `recollect.${format === "json" ? "json" : "md"}`;
        saveFile(await res.text(), name, res.headers.get("content-type") ?? "text/plain");
        setDone(`Exported ${ids.length} ${ids.length === 1 ? "memory" : "memories"} as ${format === "json" ? "JSON" : "Markdown"}.`);
      },
      { refresh: false },
    );
  };

  return (
    <div>
      <div
        hidden={rows.length === 0 && !done && !error && !pending}
        data-testid="bulk-bar"
        className="sticky top-0 z-10 mb-2 flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 bg-white/95 px-3 py-2 text-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95"
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            data-testid="select-all"
            checked={all}
            disabled={rows.length === 0}
            onChange={() => {
              setAllMatching(false);
              setSelected(all ? new Set() : new Set(rows.map((r) => r.id)));
            }}
            aria-label="Select all memories on this page"
            className="size-4 accent-indigo-600"
          />
          <span data-testid="selected-count">
            {allMatching ? `All ${count.toLocaleString("en-US")} matching selected` : selected.size ? `${selected.size} selected` : "Select"}
          </span>
        </label>
        {canSelectMatching && !allMatching ? (
          <button type="button" data-testid="select-all-matching" className={btn.ghost} onClick={() => setAllMatching(true)}>
            Select all {matching.total.toLocaleString("en-US")}
            {matching.more ? " ranked" : ""} matching
          </button>
        ) : null}
        {allMatching ? (
          <button type="button" data-testid="select-page-only" className={btn.ghost} onClick={() => setAllMatching(false)}>
            Only this page
          </button>
        ) : null}
        {/* The actions appear once something is selected: on a phone they would push the list down. */}
        <div hidden={selected.size === 0} className="flex flex-wrap gap-2" role="group" aria-label="Bulk actions">
          <button type="button" data-testid="bulk-archive" className={btn.secondary} disabled={!selected.size || pending} onClick={() => run("archive")}>
            Archive
          </button>
          <button type="button" data-testid="bulk-restore" className={btn.secondary} disabled={!selected.size || pending} onClick={() => run("restore")}>
            Restore
          </button>
          <button type="button" data-testid="bulk-delete" className={btn.secondary} disabled={!selected.size || pending} onClick={() => setConfirm(true)}>
            Delete…
          </button>
          <button
            type="button"
            data-testid="bulk-export-md"
            className={btn.ghost}
            disabled={!selected.size || pending || allMatching}
            onClick={() => exportSelection("markdown")}
          >
            Export Markdown
          </button>
          <button
            type="button"
            data-testid="bulk-export-json"
            className={btn.ghost}
            disabled={!selected.size || pending || allMatching}
            onClick={() => exportSelection("json")}
          >
            Export JSON
          </button>
        </div>
        <p aria-live="polite" data-testid="bulk-message" className={error ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}>
          {pending ? "Working…" : (error?.message ?? done)}
        </p>
      </div>

      {rows.length === 0 ? empty : null}
      <ul
        id="memory-list"
        tabIndex={-1}
        hidden={rows.length === 0}
        data-testid="memory-list"
        className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {rows.map((r, index) => (
          <MemoryRowItem key={r.id} r={r} selected={selected.has(r.id)} current={index === cursor} onBoxClick={(shift) => clickBox(index, shift)} />
        ))}
      </ul>

      <UndoToast toast={toast} onClose={closeToast} />
      <ConfirmDialog
        open={confirm}
        title={`Delete ${count} ${count === 1 ? "memory" : "memories"} for good?`}
        confirmLabel="Delete permanently"
        onConfirm={() => run("delete")}
        onCancel={() => setConfirm(false)}
      >
        Deleted memories, their versions and links cannot be restored. Archive them instead to hide them from search and injection.
      </ConfirmDialog>
    </div>
  );
}

/**
 * Puts memories back in the status each had before a bulk archive or restore: archived or resolved
 * ones through the bulk verb, active and suggested ones one by one (restore makes them active).
 */
export async function undoStatus(ids: string[], before: Map<string, string>, refresh: () => void) {
  const back = (status: string) => ids.filter((id) => (before.get(id) ?? "active") === status);
  if (back("archived").length) await api("/api/memories/bulk", { json: { ids: back("archived"), action: "archive", source: "ui" } });
  if (back("active").length) await api("/api/memories/bulk", { json: { ids: back("active"), action: "restore", source: "ui" } });
  for (const status of ["suggested", "resolved"])
    for (const id of back(status)) await api(`/api/memories/${id}`, { method: "PATCH", json: { status, source: "ui", reason: "undo" } });
  refresh();
}
