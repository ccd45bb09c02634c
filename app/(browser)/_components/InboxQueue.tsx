"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { InboxItem, InboxPage } from "@/lib/consolidation/inbox";
import { api } from "./api";
import { Card, EmptyState, btn } from "./ui";
import { cutAtWord } from "./inbox-text";
import { describeItems, groupedFirst, groupOf } from "./inbox-order";
import { InboxGroupBar, InboxToast } from "./InboxGroupBar";
import { InboxEditArea, InboxItemHeader, InboxItemText } from "./InboxItemParts";
import { InboxToolbar } from "./InboxToolbar";
import { type Candidate, SupersedePicker } from "./SupersedePicker";
import { toActionError, useApiAction } from "./use-api-action";

type Decision = {
  type: "memory" | "proposal";
  id: string;
  action: "approve" | "reject" | "supersede";
  content?: string;
  keeperId?: string;
  supersedes?: string;
};

/**
 * The review queue, keyboard driven: j / k move, a approves, r rejects, e edits (then approve),
 * x selects for a bulk action, u undoes the last action. Every action is one request; the list
 * and the navigation count are read again after it.
 */
export function InboxQueue({ initial }: { initial: InboxPage }) {
  const router = useRouter();
  const [page, setPage] = useState(initial);
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [keeper, setKeeper] = useState<string | null>(null);
  const [replaces, setReplaces] = useState("");
  // Supersede by picking: the words typed, the memories found, the one picked (per suggested memory).
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [projectFilter, setProjectFilter] = useState("");
  const [progress, setProgress] = useState<string | null>(null);
  // The toast's Undo takes back exactly its action (actionId), never a later one made elsewhere.
  const [toast, setToast] = useState<{ text: string; actionId?: number } | null>(null);
  // One request at a time: `busy` while it runs (the keys do nothing meanwhile); the list is read again after it.
  const { pending: busy, error, run: call, fail } = useApiAction();
  const listRef = useRef<HTMLOListElement>(null);
  const projects = [...new Map(page.items.flatMap((i) => (i.project ? [[i.project.id, i.project.name] as const] : []))).entries()];
  const items = groupedFirst(projectFilter ? page.items.filter((i) => i.project?.id === projectFilter) : page.items);
  const current = items[Math.min(index, items.length - 1)];

  const reload = useCallback(async () => {
    const next = await api<InboxPage>("/api/inbox?limit=200");
    setPage(next);
    setIndex((i) => Math.max(0, Math.min(i, next.items.length - 1)));
    router.refresh();
  }, [router]);

  const run = useCallback(
    async (decisions: Decision[], label: string, chosen?: InboxItem[]) => {
      if (decisions.length === 0 || busy) return;
      call(
        async () => {
          const r = await api<{ actionId: number; outdated: { id: string; reason: string }[] }>("/api/inbox/actions", {
            json: { items: decisions, source: "ui" },
          });
          // A proposal whose memories changed since is closed rather than applied: say why.
          const outdated = new Set(r.outdated.map((o) => o.id));
          const applied = chosen?.filter((i) => !outdated.has(i.id));
          const text = r.outdated.length
            ? `${applied?.length ? `${label.split(" ")[0]} ${describeItems(applied)}; n` : "N"}ot applied, closed as outdated: ${r.outdated.map((o) => o.reason).join("; ")}`
            : label;
          setToast({ text, actionId: r.actionId });
          setEditing(null);
          setSelected(new Set());
          await reload();
        },
        { refresh: false },
      );
    },
    [busy, reload, call],
  );

  const undo = useCallback(
    (actionId?: number) =>
      call(
        async () => {
          const r = await api<{ undone: { action: string } | null }>("/api/inbox/undo", { json: actionId ? { actionId } : {} });
          setToast({ text: r.undone ? `Undid: ${r.undone.action}` : "Nothing to undo" });
          await reload();
        },
        { refresh: false },
      ),
    [reload, call],
  );

  const consolidateNow = () =>
    call(
      async () => {
        try {
          setProgress(
            `Consolidating${projectFilter ? ` ${projects.find(([id]) => id === projectFilter)?.[1] ?? ""}` : " every project"}: reading memories, pairing, checking files…`,
          );
          const r = await api<{ created: number; tookMs: number; memories: number; found: Record<string, number> }>("/api/consolidate", {
            json: projectFilter ? { project: projectFilter } : {},
          });
          const found = Object.entries(r.found)
            .filter(([, n]) => n > 0)
            .map(([k, n]) => `${n} ${k}`)
            .join(", ");
          setToast({
            text: `Consolidation read ${r.memories} memories in ${r.tookMs} ms: ${r.created} new proposal${r.created === 1 ? "" : "s"}${found ? ` (found ${found})` : ""}`,
          });
          await reload();
        } finally {
          setProgress(null);
        }
      },
      { refresh: false },
    );

  // Supersede by picking: search as the user types (after a short pause), like the link picker.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fail` is a new function every render; the search follows the words, the pick and the item
  useEffect(() => {
    const words = replaces.trim();
    if (words.length < 2 || (picked && picked.title === words)) {
      setFound(null);
      return;
    }
    const stale = { now: false };
    const timer = setTimeout(async () => {
      try {
        const exclude = current?.type === "memory" ? `&exclude=${encodeURIComponent(current.id)}` : "";
        const r = await api<{ items: Candidate[] }>(`/api/memories/pick?q=${encodeURIComponent(words)}${exclude}`);
        if (!stale.now) setFound(r.items);
      } catch (err) {
        if (!stale.now) fail(toActionError(err).message);
      }
    }, 250);
    return () => {
      stale.now = true;
      clearTimeout(timer);
    };
  }, [replaces, picked, current]);

  const decide = useCallback(
    (item: InboxItem | undefined, action: "approve" | "reject") => {
      if (!item) return;
      const editedHere = editing === item.id;
      const d: Decision = { type: item.type, id: item.id, action };
      if (action === "approve" && editedHere) d.content = draft;
      if (action === "approve" && item.type === "proposal" && item.kind === "merge" && keeper) d.keeperId = keeper;
      void run([d], `${action === "approve" ? "Approved" : "Rejected"}${item.type === "proposal" ? ` ${item.kind}` : " suggestion"}`);
    },
    [draft, editing, keeper, run],
  );

  const startEdit = useCallback((item: InboxItem | undefined) => {
    if (!item) return;
    setEditing(item.id);
    setDraft(item.type === "memory" ? item.memory.content : (item.suggestion ?? item.memories[0]?.content ?? ""));
    setKeeper(item.type === "proposal" ? (item.memories[0]?.id ?? null) : null);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.metaKey || e.ctrlKey || e.altKey || (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
      if (e.key === "j") setIndex((i) => Math.min(i + 1, Math.max(0, items.length - 1)));
      else if (e.key === "k") setIndex((i) => Math.max(0, i - 1));
      else if (e.key === "a") decide(current, "approve");
      else if (e.key === "r") decide(current, "reject");
      else if (e.key === "e") startEdit(current);
      else if (e.key === "u") void undo();
      else if (e.key === "x" && current)
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(current.id)) next.delete(current.id);
          else next.add(current.id);
          return next;
        });
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, decide, items.length, startEdit, undo]);

  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.scrollIntoView({ block: "nearest" });
  }, [index]);

  const bulk = (action: "approve" | "reject") => {
    const chosen = items.filter((i) => selected.has(i.id));
    return run(
      chosen.map((i) => ({ type: i.type, id: i.id, action })),
      `${action === "approve" ? "Approved" : "Rejected"} ${describeItems(chosen)}`,
      chosen,
    );
  };

  return (
    <div>
      <InboxToolbar
        counts={page.counts}
        projects={projects}
        projectFilter={projectFilter}
        onProjectFilter={(id) => {
          setProjectFilter(id);
          setIndex(0);
        }}
        selectedCount={selected.size}
        busy={busy}
        consolidating={!!progress}
        onBulk={bulk}
        onConsolidate={consolidateNow}
      />
      {progress ? (
        <p role="status" aria-live="polite" data-testid="consolidation-progress" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="mr-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent align-middle" />
          {progress}
        </p>
      ) : null}
      {error ? (
        <p role="alert" data-testid="inbox-error" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="Nothing to review">Suggested memories and consolidation proposals appear here.</EmptyState>
      ) : (
        <ol ref={listRef} className="space-y-2" aria-label="Items to review">
          {items.map((item, i) => (
            <li key={item.id} data-index={i} data-testid="inbox-item" data-type={item.type} data-kind={item.type === "proposal" ? item.kind : "suggested"}>
              <Card className={i === index ? "ring-2 ring-indigo-500" : ""}>
                <div aria-current={i === index ? "true" : undefined} data-testid={i === index ? "inbox-current" : undefined}>
                  <InboxItemHeader
                    item={item}
                    selected={selected.has(item.id)}
                    toggle={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (next.has(item.id)) next.delete(item.id);
                        else next.add(item.id);
                        return next;
                      })
                    }
                  />
                  {groupOf(item) && groupOf(item) !== groupOf(items[i - 1]) ? (
                    <InboxGroupBar
                      members={items.filter((o) => groupOf(o) === groupOf(item))}
                      busy={busy}
                      decideAll={(members, action, text) =>
                        void run(
                          members.map((o) => ({ type: o.type, id: o.id, action })),
                          text,
                          members,
                        )
                      }
                    />
                  ) : null}
                  <InboxItemText item={item} showSuggestion={editing !== item.id} />
                  {editing === item.id ? <InboxEditArea item={item} draft={draft} setDraft={setDraft} keeper={keeper} setKeeper={setKeeper} /> : null}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button type="button" data-testid="inbox-approve" className={btn.primary} disabled={busy} onClick={() => decide(item, "approve")}>
                      {editing === item.id ? "Save and approve" : "Approve"}
                    </button>
                    <button type="button" data-testid="inbox-reject" className={btn.secondary} disabled={busy} onClick={() => decide(item, "reject")}>
                      Reject
                    </button>
                    {editing === item.id ? null : (
                      <button type="button" data-testid="inbox-edit-start" className={btn.ghost} onClick={() => startEdit(item)}>
                        Edit
                      </button>
                    )}
                    {item.type === "memory" ? (
                      <SupersedePicker
                        active={index === i}
                        busy={busy}
                        replaces={replaces}
                        setReplaces={setReplaces}
                        found={found}
                        setFound={setFound}
                        picked={picked}
                        setPicked={setPicked}
                        onFocus={() => setIndex(i)}
                        onSupersede={(c) =>
                          run(
                            [{ type: "memory", id: item.id, action: "supersede", supersedes: c.id }],
                            `Approved; "${cutAtWord(c.title ?? c.snippet, 60)}" is superseded`,
                          )
                        }
                      />
                    ) : null}
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      {toast ? (
        <InboxToast text={toast.text} canUndo={!!toast.actionId} busy={busy} onUndo={() => void undo(toast.actionId)} onClose={() => setToast(null)} />
      ) : null}
    </div>
  );
}
