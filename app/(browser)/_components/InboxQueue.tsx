"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { InboxItem, InboxPage } from "@/lib/consolidation/inbox";
import { api, ApiFailure } from "./api";
import { Badge, Card, EmptyState, TextLink, btn, input } from "./ui";
import { cutAtWord, differingPieces } from "./inbox-text";

interface Candidate {
  id: string;
  title: string | null;
  snippet: string;
  category: string;
}

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
  // Supersede by picking: the words typed, the memories found, the one picked (per suggested memory).
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [projectFilter, setProjectFilter] = useState("");
  const [progress, setProgress] = useState<string | null>(null);
  // The toast's Undo takes back exactly its action (actionId), never a later one made elsewhere.
  const [toast, setToast] = useState<{ text: string; actionId?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      setBusy(true);
      setError(null);
      try {
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
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  // Supersede by picking: search as the user types (after a short pause), like the link picker.
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
        if (!stale.now) setError(err instanceof ApiFailure ? err.message : String(err));
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
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span data-testid="inbox-count" className="text-sm text-zinc-600 dark:text-zinc-400">
          {page.counts.total} to review · {page.counts.suggested} suggested · {page.counts.total - page.counts.suggested} proposals
        </span>
        <label className="text-sm text-zinc-600 dark:text-zinc-400">
          Project{" "}
          <select
            data-testid="inbox-project-filter"
            className={`${input} w-auto text-sm`}
            value={projectFilter}
            onChange={(e) => {
              setProjectFilter(e.target.value);
              setIndex(0);
            }}
          >
            <option value="">All projects</option>
            {projects.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
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
          {progress ? "Consolidating…" : "Consolidate now"}
        </button>
      </div>
      {progress ? (
        <p role="status" aria-live="polite" data-testid="consolidation-progress" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="mr-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent align-middle" />
          {progress}
        </p>
      ) : null}
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
                    <Badge tone={item.type === "memory" ? "sky" : "indigo"}>
                      {item.type === "memory" ? (item.origin === "bootstrap" ? "Bootstrap" : "Suggested") : KIND_LABEL[item.kind]}
                    </Badge>
                    <span data-testid="inbox-project" className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                      {item.project ? item.project.name : "global"}
                    </span>
                    <span className="text-zinc-600 dark:text-zinc-400">{item.reason}</span>
                  </div>
                  {groupOf(item) && groupOf(item) !== groupOf(items[i - 1]) ? (
                    <div data-testid="inbox-group" className="mb-2 flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-xs dark:bg-amber-950">
                      <span>
                        One decision: {items.filter((o) => groupOf(o) === groupOf(item)).length} proposals about the same memories (this one and the ones
                        below).
                      </span>
                      <button
                        type="button"
                        data-testid="inbox-group-approve"
                        className={btn.secondary}
                        disabled={busy}
                        onClick={() => {
                          const members = items.filter((o) => groupOf(o) === groupOf(item));
                          // Supersessions first: a merge of a memory superseded meanwhile would no longer apply.
                          const ordered = [...members].sort((x, y) => Number(kindOf(x) === "merge") - Number(kindOf(y) === "merge"));
                          void run(
                            ordered.map((o) => ({ type: o.type, id: o.id, action: "approve" as const })),
                            `Approved ${describeItems(ordered)}`,
                            ordered,
                          );
                        }}
                      >
                        Approve all
                      </button>
                      <button
                        type="button"
                        data-testid="inbox-group-reject"
                        className={btn.ghost}
                        disabled={busy}
                        onClick={() => {
                          const members = items.filter((o) => groupOf(o) === groupOf(item));
                          void run(
                            members.map((o) => ({ type: o.type, id: o.id, action: "reject" as const })),
                            `Rejected ${describeItems(members)}`,
                            members,
                          );
                        }}
                      >
                        Reject all
                      </button>
                    </div>
                  ) : null}
                  {item.type === "memory" ? (
                    <p className="whitespace-pre-wrap text-sm">
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">[{item.memory.category}] </span>
                      <TextLink href={`/memories/${item.memory.id}`}>{item.memory.title ?? "open"}</TextLink> {item.memory.content}
                    </p>
                  ) : (
                    <ul className="space-y-1 text-sm">
                      {item.memories.map((m, mi) => (
                        <li key={m.id}>
                          <span className="text-xs text-zinc-600 dark:text-zinc-400">
                            {item.kind === "supersede" ? (mi === 0 ? "newer" : "older") : `[${m.category}]`}{" "}
                          </span>
                          <TextLink href={`/memories/${m.id}`}>{m.title ?? cutAtWord(m.content, 160)}</TextLink>
                        </li>
                      ))}
                      {item.kind === "skill" ? (
                        <li className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="inbox-skill-path">
                          Will be written to <code>{item.skillPath ?? "the project's .opencode/skills/ (its directory is not known on this machine)"}</code>
                        </li>
                      ) : null}
                      {item.suggestion && editing !== item.id ? (
                        <li className="mt-1 whitespace-pre-wrap rounded bg-zinc-50 p-2 text-xs dark:bg-zinc-800" data-testid="inbox-suggestion">
                          {item.suggestion}
                        </li>
                      ) : null}
                    </ul>
                  )}
                  {editing === item.id ? (
                    <div className="mt-2 space-y-2">
                      <label className="block text-xs text-zinc-600 dark:text-zinc-400">
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
                          <legend className="text-zinc-600 dark:text-zinc-400">Keep it on</legend>
                          {item.memories.map((m) => (
                            <label key={m.id} className="mt-1 block" data-testid="inbox-keeper">
                              <input type="radio" name={`keeper-${item.id}`} checked={keeper === m.id} onChange={() => setKeeper(m.id)} />{" "}
                              <span className="text-zinc-600 dark:text-zinc-400">{new Date(m.createdAt).toISOString().slice(0, 10)}: </span>
                              {differingPieces(
                                m.content,
                                item.memories.filter((o) => o.id !== m.id).map((o) => o.content),
                              ).map((piece, pi) =>
                                piece.differs ? (
                                  <mark key={pi} className="rounded bg-amber-100 px-0.5 dark:bg-amber-900">
                                    {piece.text}
                                  </mark>
                                ) : (
                                  <span key={pi}>{piece.text}</span>
                                ),
                              )}
                            </label>
                          ))}
                          <span className="text-zinc-600 dark:text-zinc-400">Highlighted: the words only that memory has.</span>
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
                      <span className="relative flex items-center gap-1">
                        <input
                          aria-label="Find the memory it replaces"
                          data-testid="inbox-supersede-search"
                          placeholder="replaces… (type words)"
                          className={`${input} w-56 text-xs`}
                          value={index === i ? replaces : ""}
                          onFocus={() => setIndex(i)}
                          onChange={(e) => {
                            setReplaces(e.target.value);
                            setPicked(null);
                          }}
                        />
                        {index === i && found?.length ? (
                          <ul
                            data-testid="inbox-supersede-found"
                            className="absolute top-full left-0 z-10 mt-1 w-80 rounded border bg-white text-xs shadow dark:bg-zinc-900"
                          >
                            {found.map((c) => (
                              <li key={c.id}>
                                <button
                                  type="button"
                                  className="block w-full px-2 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
                                  onClick={() => {
                                    setPicked(c);
                                    setReplaces(c.title ?? cutAtWord(c.snippet, 60));
                                    setFound(null);
                                  }}
                                >
                                  <span className="text-zinc-600 dark:text-zinc-400">[{c.category}]</span> {c.title ?? cutAtWord(c.snippet, 100)}
                                </button>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                        <button
                          type="button"
                          data-testid="inbox-supersede"
                          className={btn.ghost}
                          disabled={busy || !picked || index !== i}
                          onClick={() =>
                            picked &&
                            run(
                              [{ type: "memory", id: item.id, action: "supersede", supersedes: picked.id }],
                              `Approved; "${cutAtWord(picked.title ?? picked.snippet, 60)}" is superseded`,
                            )
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

/** "2 suggestions, 1 merge" for the items a bulk action took. */
function describeItems(list: readonly InboxItem[]): string {
  const counts = new Map<string, number>();
  for (const i of list) {
    const k = i.type === "memory" ? (i.origin === "bootstrap" ? "bootstrap suggestion" : "suggestion") : `${i.kind} proposal`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} ${k}${n === 1 ? "" : "s"}`).join(", ") || "nothing";
}

const kindOf = (i: InboxItem | undefined) => (i?.type === "proposal" ? i.kind : undefined);

/** The decision a proposal belongs to when it overlaps others (`evidence.group.id`). */
function groupOf(i: InboxItem | undefined): string | undefined {
  if (i?.type !== "proposal") return undefined;
  const g = i.evidence.group as { id?: unknown } | undefined;
  return typeof g?.id === "string" ? g.id : undefined;
}

/** The items with each group's proposals together, where its first member stands. */
function groupedFirst(list: readonly InboxItem[]): InboxItem[] {
  const out: InboxItem[] = [];
  const placed = new Set<string>();
  for (const i of list) {
    const g = groupOf(i);
    if (!g) out.push(i);
    else if (!placed.has(g)) {
      placed.add(g);
      out.push(...list.filter((o) => groupOf(o) === g));
    }
  }
  return out;
}
