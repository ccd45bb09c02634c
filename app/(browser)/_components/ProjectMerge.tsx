"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useState } from "react";
import type { MergeProjectsResult } from "@/lib/contracts/projects";
import { api } from "./api";
import { ConfirmDialog } from "./ConfirmDialog";
import { btn, input, label } from "./ui";
import { useApiAction } from "./use-api-action";

export interface ProjectChoice {
  id: string;
  name: string;
  memories: number;
}

/** How a project reads in a picker: name, memory count and id (two projects may share a name). */
export const optionText = (p: ProjectChoice) => `${p.name} (${p.memories} ${p.memories === 1 ? "memory" : "memories"}) · ${p.id}`;

/** Merges one project into another (asks first: a merge is not undone from here). */
export function ProjectMerge({ projects }: { projects: ProjectChoice[] }) {
  const [into, setInto] = useState(projects[0]?.id ?? "");
  const [from, setFrom] = useState(projects[1]?.id ?? "");
  const [confirm, setConfirm] = useState(false);
  const { pending, error, run } = useApiAction();
  const [done, setDone] = useState<string | null>(null);
  const name = (id: string) => projects.find((p) => p.id === id)?.name ?? id;

  const merge = () => {
    setConfirm(false);
    setDone(null);
    run(async () => {
      const r = await api<MergeProjectsResult>("/api/projects/merge", { json: { into, from } });
      setDone(
        `Merged ${name(from)} into ${r.project.name}: ${r.moved.memories} memories, ${r.moved.sessions} sessions, ${r.moved.checkpoints} checkpoints and ${r.moved.kv} KV keys moved.`,
      );
      setFrom(projects.find((p) => p.id !== into && p.id !== from)?.id ?? "");
    });
  };

  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      data-testid="merge-form"
      className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        setConfirm(true);
      }}
    >
      <div>
        <label htmlFor="merge-into" className={label}>
          Keep
        </label>
        <select id="merge-into" data-testid="merge-into" className={input} value={into} onChange={(e) => setInto(e.target.value)}>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {optionText(p)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="merge-from" className={label}>
          Merge into it (goes away)
        </label>
        <select
          id="merge-from"
          data-testid="merge-from"
          className={input}
          value={from}
          aria-invalid={error?.field === "from" || undefined}
          onChange={(e) => setFrom(e.target.value)}
        >
          <option value="">choose a project</option>
          {projects
            .filter((p) => p.id !== into)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {optionText(p)}
              </option>
            ))}
        </select>
      </div>
      <button type="submit" className={btn.primary} disabled={pending || !from || from === into} data-testid="merge-submit">
        Merge…
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700 md:col-span-3 dark:text-red-400" data-testid="merge-error">
          {error.message}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-700 md:col-span-3 dark:text-emerald-400" data-testid="merge-done">
          {done}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={`Merge “${name(from)}” into “${name(into)}”?`}
        confirmLabel="Merge"
        onConfirm={merge}
        onCancel={() => setConfirm(false)}
      >
        Every memory, session, checkpoint, KV key and loop of {name(from)} moves to {name(into)}, and checkouts of {name(from)} resolve to {name(into)} from now
        on. Where both have the same KV key, the newer value is kept.
      </ConfirmDialog>
    </form>
  );
}
