"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { InboxItem, InboxPage } from "@/lib/consolidation/inbox";
import { api, ApiFailure } from "./api";
import { Badge, Card, EmptyState, TextLink, btn, input } from "./ui";

type Decision = {
  type: "memory" | "proposal";
  id: string;
  action: "approve" | "reject" | "supersede";
  content?: string;
  keeperId?: string;
  supersedes?: string;
};

const KIND_LABEL: Record<string, string> = {
  merge: "Merge",
  supersede: "Supersede",
  stale: "Stale",
  expire: "Expire",
  skill: "Skill",
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
  // The toast's Undo takes back exactly its action (actionId), never a later one made elsewhere.
  const [toast, setToast] = useState<{ text: string; actionId?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const items = page.items;
  const current = items[Math.min(index, items.length - 1)];

  const reload = useCallback(async () => {
    const next = await api<InboxPage>("/api/inbox?limit=200");
    setPage(next);
    setIndex((i) => Math.max(0, Math.min(i, next.items.length - 1)));
    router.refresh();
  }, [router]);

  const run = useCallback(
    async (decisions: Decision[], label: string) => {
      if (decisions.length === 0 || busy) return;
      setBusy(true);
      setError(null);
      try {
        const r = await api<{ actionId: number; outdated: { id: string; reason: string }[] }>("/api/inbox/actions", {
          json: { items: decisions, source: "ui" },
        });
        // A proposal whose memories changed since is closed rather than applied: say why.
        const text = r.outdated.length ? `Not applied, closed as outdated: ${r.outdated.map((o) => o.reason).join("; ")}` : label;
        setToast({ text, actionId: r.actionId });
        setEditing(null);
        setSelected(new Set());
        await reload();
      } catch (e) {
        setError(e instanceof ApiFailure ? e.message : String(e));
      } finally {
        setBusy(false);
      }
    },
    [busy, reload],
  );

  const undo = useCallback(
    async (actionId?: number) => {
      setBusy(true);
      setError(null);
      try {
        const r = await api<{ undone: { action: string } | null }>("/api/inbox/undo", { json: actionId ? { actionId } : {} });
        setToast({ text: r.undone ? `Undid: ${r.undone.action}` : "Nothing to undo" });
        await reload();
      } catch (e) {
        setError(e instanceof ApiFailure ? e.message : String(e));
      } finally {
        setBusy(false);
      }
    },
    [reload],
  );

  const consolidateNow = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ created: number; tookMs: number }>("/api/consolidate", { json: {} });
      setToast({ text: `Consolidation found ${r.created} new proposal${r.created === 1 ? "" : "s"} (${r.tookMs} ms)` });
      await reload();
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

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

  const bulk = (action: "approve" | "reject") =>
    run(
      items.filter((i) => selected.has(i.id)).map((i) => ({ type: i.type, id: i.id, action })),
      `${action === "approve" ? "Approved" : "Rejected"} ${selected.size} items`,
    );

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span data-testid="inbox-count" className="text-sm text-zinc-600 dark:text-zinc-400">
          {page.counts.total} to review · {page.counts.suggested} suggested · {page.counts.total - page.counts.suggested} proposals
        </span>
        <span className="flex-1" />
        {selected.size ? (
          <>
            <button type="button" data-testid="bulk-approve" className={btn.primary} disabled={busy} onClick={() => bulk("approve")}>
              Approve {selected.size} selected
            </button>
            <button type="button" data-testid="bulk-reject" className={btn.secondary} disabled={busy} onClick={() => bulk("reject")}>
              Reject {selected.size} selected
            </button>
          </>
        ) : null}
        <button type="button" data-testid="run-consolidation" className={btn.secondary} disabled={busy} onClick={consolidateNow}>
          Consolidate now
        </button>
      </div>
      {error ? (
        <p role="alert" data-testid="inbox-error" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {error}
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
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs">
                    <input
                      type="checkbox"
                      aria-label="Select for a bulk action"
                      data-testid="inbox-select"
                      checked={selected.has(item.id)}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Set(s);
                          if (next.has(item.id)) next.delete(item.id);
                          else next.add(item.id);
                          return next;
                        })
                      }
                    />
                    <Badge tone={item.type === "memory" ? "sky" : "indigo"}>{item.type === "memory" ? "Suggested" : KIND_LABEL[item.kind]}</Badge>
                    <span className="text-zinc-500">{item.reason}</span>
                  </div>
                  {item.type === "memory" ? (
                    <p className="whitespace-pre-wrap text-sm">
                      <span className="text-xs text-zinc-500">[{item.memory.category}] </span>
                      <TextLink href={`/memories/${item.memory.id}`}>{item.memory.title ?? "open"}</TextLink> {item.memory.content}
                    </p>
                  ) : (
                    <ul className="space-y-1 text-sm">
                      {item.memories.map((m, mi) => (
                        <li key={m.id}>
                          <span className="text-xs text-zinc-500">{item.kind === "supersede" ? (mi === 0 ? "newer" : "older") : `[${m.category}]`} </span>
                          <TextLink href={`/memories/${m.id}`}>{m.title ?? m.content.slice(0, 160)}</TextLink>
                        </li>
                      ))}
                      {item.suggestion && editing !== item.id ? (
                        <li className="mt-1 whitespace-pre-wrap rounded bg-zinc-50 p-2 text-xs dark:bg-zinc-800" data-testid="inbox-suggestion">
                          {item.suggestion}
                        </li>
                      ) : null}
                    </ul>
                  )}
                  {editing === item.id ? (
                    <div className="mt-2 space-y-2">
                      <label className="block text-xs text-zinc-500">
                        {item.type === "proposal" && item.kind === "skill" ? "Skill file" : "Wording to keep"}
                        <textarea
                          data-testid="inbox-edit"
                          className={`${input} mt-1 h-28 font-mono`}
                          value={draft}
                          onChange={(e) => setDraft(e.target.value)}
                        />
                      </label>
                      {item.type === "proposal" && item.kind === "merge" ? (
                        <fieldset className="text-xs">
                          <legend className="text-zinc-500">Keep it on</legend>
                          {item.memories.map((m) => (
                            <label key={m.id} className="mr-3">
                              <input type="radio" name={`keeper-${item.id}`} checked={keeper === m.id} onChange={() => setKeeper(m.id)} />{" "}
                              {m.content.slice(0, 40)}
                            </label>
                          ))}
                        </fieldset>
                      ) : null}
                    </div>
                  ) : null}
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
                      <span className="flex items-center gap-1">
                        <input
                          aria-label="Id of the memory it replaces"
                          placeholder="replaces memory id"
                          className={`${input} w-48 text-xs`}
                          value={index === i ? replaces : ""}
                          onFocus={() => setIndex(i)}
                          onChange={(e) => setReplaces(e.target.value)}
                        />
                        <button
                          type="button"
                          className={btn.ghost}
                          disabled={busy || !replaces}
                          onClick={() =>
                            run([{ type: "memory", id: item.id, action: "supersede", supersedes: replaces.trim() }], "Approved; the other is superseded")
                          }
                        >
                          Supersede
                        </button>
                      </span>
                    ) : null}
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      {toast ? (
        <div
          role="status"
          data-testid="inbox-toast"
          className="fixed bottom-4 right-4 flex items-center gap-3 rounded-md bg-zinc-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          <span>{toast.text}</span>
          {toast.actionId ? (
            <button
              type="button"
              data-testid="inbox-undo"
              className="font-medium text-indigo-300 underline"
              disabled={busy}
              onClick={() => void undo(toast.actionId)}
            >
              Undo
            </button>
          ) : null}
          <button type="button" aria-label="Dismiss" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
