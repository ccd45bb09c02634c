"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useEffect, useState } from "react";
import type { MemoryDto } from "@/lib/contracts/memories";
import { api } from "./api";
import { Badge, btn, input } from "./ui";
import { useApiAction } from "./use-api-action";

type Item = MemoryDto & { injected: boolean; group: string };

/**
 * Inline editing of the pinned block: text, injected on/off (pinned), priority with move up/down
 * within a category, scope. Every change re-renders the server's preview of the block.
 */
export function ConstraintList({ items, projects, project }: { items: Item[]; projects: { id: string; name: string }[]; project?: string }) {
  const { pending, error, run } = useApiAction();
  const [status, setStatus] = useState("");
  // A move re-renders the rows (new priority): the moved row's same button gets the focus back.
  const [refocus, setRefocus] = useState<{ id: string; button: "up" | "down" } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the rows come back with the new order (`items`), which the effect reads from the DOM
  useEffect(() => {
    if (!refocus) return;
    const row = document.querySelector(`[data-testid="constraint-item"][data-id="${refocus.id}"]`);
    const want = row?.querySelector<HTMLButtonElement>(`[data-testid="constraint-${refocus.button}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-testid="constraint-${refocus.button === "up" ? "down" : "up"}"]`);
    // At the top (or bottom) its button is disabled: the other one takes the focus.
    const target = want && !want.disabled ? want : other;
    if (target && !target.disabled) {
      target.focus();
      setRefocus(null);
    }
  }, [items, refocus]);
  const act = (label: string, fn: () => Promise<unknown>) =>
    run(async () => {
      await fn();
      setStatus(`${label}. The preview is up to date.`);
    });
  const patch = (id: string, body: Record<string, unknown>, label: string) =>
    act(label, () => api(`/api/memories/${id}`, { method: "PATCH", json: { ...body, source: "ui" } }));

  const groups = [...new Set(items.map((i) => i.group))];
  return (
    <div aria-busy={pending}>
      <p aria-live="polite" className="mb-2 min-h-5 text-sm font-medium text-emerald-700 dark:text-emerald-400" data-testid="constraints-status">
        {status}
      </p>
      {error ? (
        <p
          role="alert"
          data-testid="constraints-error"
          className="mb-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}
      {groups.map((g) => {
        const list = items.filter((i) => i.group === g);
        return (
          <section key={g} className="mb-4" aria-label={g}>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
              {g} ({list.length})
            </h3>
            <ol className="space-y-2">
              {list.map((m, i) => (
                <Row
                  key={`${m.id}-${m.updatedAt}`}
                  m={m}
                  projects={projects}
                  project={project}
                  pending={pending}
                  up={
                    g !== "not pinned" && i > 0
                      ? () => {
                          setRefocus({ id: m.id, button: "up" });
                          act("Moved up", () => api("/api/memories/reorder", { json: { id: m.id, over: list[i - 1].id } }));
                        }
                      : undefined
                  }
                  down={
                    g !== "not pinned" && i < list.length - 1
                      ? () => {
                          setRefocus({ id: m.id, button: "down" });
                          act("Moved down", () => api("/api/memories/reorder", { json: { id: list[i + 1].id, over: m.id } }));
                        }
                      : undefined
                  }
                  patch={patch}
                  rescope={(scope) =>
                    act("Scope changed", () =>
                      api(`/api/memories/${m.id}/scope`, { json: { scope, ...(scope === "project" ? { project } : {}), source: "ui" } }),
                    )
                  }
                />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

function Row({
  m,
  projects,
  project,
  pending,
  up,
  down,
  patch,
  rescope,
}: {
  m: Item;
  projects: { id: string; name: string }[];
  project?: string;
  pending: boolean;
  up?: () => void;
  down?: () => void;
  patch: (id: string, body: Record<string, unknown>, label: string) => void;
  rescope: (scope: "global" | "project") => void;
}) {
  const [content, setContent] = useState(m.content);
  const [priority, setPriority] = useState(String(m.priority));
  const [err, setErr] = useState<string | null>(null);
  const [pinned, setPinned] = useState(m.pinned);
  const [scope, setScope] = useState(m.scope === "global" ? "global" : "project");
  const dirty = content !== m.content || priority !== String(m.priority);
  const save = () => {
    const p = Number(priority);
    if (!content.trim()) return setErr("Content must not be empty.");
    if (!Number.isInteger(p) || p < -100 || p > 100) return setErr("Priority must be a whole number from -100 to 100.");
    setErr(null);
    patch(m.id, { content, priority: p }, "Saved");
  };
  const label = (m.title || m.content).slice(0, 50);
  return (
    <li
      data-testid="constraint-item"
      data-id={m.id}
      data-injected={m.injected}
      className={`rounded-md border p-2 ${m.injected ? "border-amber-300 bg-amber-50/50 dark:border-amber-800 dark:bg-amber-950/20" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone="indigo">{m.category}</Badge>
        <Badge>{m.scope === "global" ? "global" : (projects.find((p) => p.id === m.projectId)?.name ?? "project")}</Badge>
        {m.injected ? (
          <Badge tone="amber">in the block</Badge>
        ) : m.pinned ? (
          <Badge tone="red" title="pinned but over the token budget">
            over budget
          </Badge>
        ) : null}
        {m.status !== "active" ? <Badge tone="sky">{m.status}</Badge> : null}
        <label className="ml-auto flex items-center gap-1.5">
          <input
            type="checkbox"
            data-testid="constraint-enabled"
            checked={pinned}
            disabled={pending}
            onChange={(e) => {
              // Optimistic: the row re-renders from the server once the change is saved.
              setPinned(e.target.checked);
              patch(m.id, { pinned: e.target.checked }, e.target.checked ? "Enabled" : "Disabled");
            }}
            className="size-4 accent-amber-600"
          />
          Inject (pinned)
        </label>
        <label className="flex items-center gap-1">
          <span className="sr-only">Scope of “{label}”</span>
          <select
            data-testid="constraint-scope"
            value={scope}
            disabled={pending || m.scope === "session"}
            onChange={(e) => {
              setScope(e.target.value);
              rescope(e.target.value as "global" | "project");
            }}
            className="max-w-[12rem] truncate rounded border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="global">global</option>
            <option value="project" disabled={!project && m.scope !== "project"}>
              {project ? `project ${projects.find((p) => p.id === project)?.name ?? ""}` : "project (choose one above)"}
            </option>
          </select>
        </label>
        <span className="flex gap-1" role="group" aria-label={`Order of “${label}”`}>
          <button type="button" aria-label="Move up" data-testid="constraint-up" className={`${btn.ghost} px-2 py-0.5`} disabled={!up || pending} onClick={up}>
            ↑
          </button>
          <button
            type="button"
            aria-label="Move down"
            data-testid="constraint-down"
            className={`${btn.ghost} px-2 py-0.5`}
            disabled={!down || pending}
            onClick={down}
          >
            ↓
          </button>
        </span>
      </div>
      <form
        method="post"
        action={NEEDS_JAVASCRIPT}
        className="mt-2 grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="sr-only" htmlFor={`c-${m.id}`}>
          Text of “{label}”
        </label>
        <textarea
          id={`c-${m.id}`}
          data-testid="constraint-content"
          value={content}
          rows={Math.min(8, Math.max(2, Math.ceil(content.length / 70) + content.split("\n").length - 1))}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) save();
          }}
          aria-invalid={err ? true : undefined}
          className={input}
        />
        <div className="flex items-center justify-end gap-2">
          <label className="flex items-center gap-1 text-xs">
            Priority
            <input
              data-testid="constraint-priority"
              type="number"
              min={-100}
              max={100}
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
              className={`${input} w-20`}
            />
          </label>
          <button type="submit" data-testid="constraint-save" className={btn.secondary} disabled={!dirty || pending}>
            Save
          </button>
        </div>
      </form>
      {err ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {err}
        </p>
      ) : null}
    </li>
  );
}
