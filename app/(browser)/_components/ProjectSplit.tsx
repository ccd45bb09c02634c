"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useState } from "react";
import type { SplitProjectResult } from "@/lib/contracts/projects";
import { api } from "./api";
import { optionText, type ProjectChoice } from "./ProjectMerge";
import { btn, input, label } from "./ui";
import { useApiAction } from "./use-api-action";

type Found = SplitProjectResult["memories"];

/**
 * Moves memories off a project: find them with a query (a preview, nothing moves), untick the ones
 * that stay, name the new project or give the remote whose checkouts should get them.
 */
export function ProjectSplit({ projects }: { projects: ProjectChoice[] }) {
  const [from, setFrom] = useState(projects[0]?.id ?? "");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ items: Found; total: number } | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState("");
  const [remote, setRemote] = useState("");
  const { pending, error, run } = useApiAction();
  const [done, setDone] = useState<string | null>(null);
  // A 400 naming fields shows beside each field; any other error under the form.
  const errors: Record<string, string> = error ? (Object.keys(error.fields).length ? error.fields : { form: error.message }) : {};

  const preview = () => {
    setDone(null);
    setFound(null);
    run(
      async () => {
        const r = await api<SplitProjectResult>("/api/projects/split", { json: { from, query, dryRun: true } });
        setFound({ items: r.memories, total: r.moved });
        setChosen(new Set(r.memories.map((m) => m.id)));
      },
      { refresh: false },
    );
  };

  const move = () =>
    run(async () => {
      const target = { ...(name.trim() ? { name } : {}), ...(remote.trim() ? { remote } : {}) };
      // Every match when the list shows them all and none is unticked; else the ticked ones.
      const everything = found && found.total === found.items.length && chosen.size === found.items.length;
      const selection = everything ? { query } : { memoryIds: [...chosen] };
      const r = await api<SplitProjectResult>("/api/projects/split", { json: { from, ...selection, ...target } });
      setDone(`Moved ${r.moved} ${r.moved === 1 ? "memory" : "memories"} to ${r.project?.name ?? "the new project"}.`);
      setFound(null);
      setChosen(new Set());
    });

  const err = (field: string) =>
    errors[field] ? (
      <p className="mt-1 text-xs text-red-700 dark:text-red-400" data-testid={`split-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="grid gap-3" data-testid="split-form">
      <form
        method="post"
        action={NEEDS_JAVASCRIPT}
        className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          preview();
        }}
      >
        <div>
          <label htmlFor="split-from" className={label}>
            From project
          </label>
          <select
            id="split-from"
            data-testid="split-from"
            className={input}
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setFound(null);
            }}
          >
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {optionText(p)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="split-query" className={label}>
            Memories mentioning
          </label>
          <input
            id="split-query"
            data-testid="split-query"
            className={input}
            value={query}
            maxLength={500}
            placeholder="e.g. billing"
            aria-invalid={Boolean(errors.query) || undefined}
            onChange={(e) => setQuery(e.target.value)}
          />
          {err("query")}
        </div>
        <button type="submit" className={btn.secondary} disabled={pending || !query.trim()} data-testid="split-find">
          Find
        </button>
      </form>
      {found ? (
        <form
          method="post"
          action={NEEDS_JAVASCRIPT}
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            move();
          }}
        >
          <fieldset>
            <legend className={label}>
              {found.total} {found.total === 1 ? "memory matches" : "memories match"}
              {found.items.length < found.total ? ` (first ${found.items.length} shown)` : ""}: untick those that stay
            </legend>
            <ul className="max-h-72 divide-y divide-zinc-100 overflow-auto dark:divide-zinc-800">
              {found.items.map((m) => (
                <li key={m.id} className="py-1.5" data-testid="split-match">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={chosen.has(m.id)}
                      aria-label={`Move ${m.title ?? m.content.slice(0, 60)}`}
                      onChange={(e) => {
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(m.id);
                        else next.delete(m.id);
                        setChosen(next);
                      }}
                    />
                    <span>
                      {m.title ? <span className="font-medium">{m.title}: </span> : null}
                      {m.content}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
            <div>
              <label htmlFor="split-name" className={label}>
                New project's name
              </label>
              <input
                id="split-name"
                data-testid="split-name"
                className={input}
                value={name}
                maxLength={200}
                aria-invalid={Boolean(errors.name) || undefined}
                onChange={(e) => setName(e.target.value)}
              />
              {err("name")}
            </div>
            <div>
              <label htmlFor="split-remote" className={label}>
                or its remote (optional)
              </label>
              <input
                id="split-remote"
                data-testid="split-remote"
                className={input}
                value={remote}
                maxLength={1000}
                placeholder="git@github.com:org/repo.git"
                aria-invalid={Boolean(errors.remote) || undefined}
                onChange={(e) => setRemote(e.target.value)}
              />
              {err("remote")}
            </div>
            <button type="submit" className={btn.primary} disabled={pending || chosen.size === 0} data-testid="split-submit">
              Move {chosen.size} {chosen.size === 1 ? "memory" : "memories"}
            </button>
          </div>
          {err("memoryIds")}
        </form>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="split-error">
          {errors.form}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400" data-testid="split-done">
          {done}
        </p>
      ) : null}
    </div>
  );
}
