"use client";

import { NEEDS_JAVASCRIPT } from "./needs-javascript";
import { useState } from "react";
import { api } from "./api";
import { btn, input, label } from "./ui";
import { useApiAction } from "./use-api-action";

/** Moves a memory to another scope: every project, one project, or one session. */
export function MemoryPlace({
  id,
  scope,
  projectId,
  sessionId,
  projects,
}: {
  id: string;
  scope: string;
  projectId: string | null;
  sessionId: string | null;
  projects: { id: string; name: string }[];
}) {
  const { pending, error, run, fail } = useApiAction();
  const [moved, setMoved] = useState(false);
  const [s, setS] = useState(scope);
  const [project, setProject] = useState(projectId ?? "");
  const [session, setSession] = useState(sessionId ?? "");
  const changed = s !== scope || (s !== "global" && project !== (projectId ?? "")) || (s === "session" && session !== (sessionId ?? ""));
  return (
    <form
      method="post"
      action={NEEDS_JAVASCRIPT}
      data-testid="place-form"
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setMoved(false);
        if (s !== "global" && !project) return fail("Choose the project.", "project");
        if (s === "session" && !session.trim()) return fail("A session memory needs a session id.", "sessionId");
        run(async () => {
          await api(`/api/memories/${id}/scope`, {
            json: { scope: s, ...(s !== "global" ? { project } : {}), ...(s === "session" ? { sessionId: session.trim() } : {}), source: "ui" },
          });
          setMoved(true);
        });
      }}
    >
      <label htmlFor="place-scope" className={label}>
        Applies to
      </label>
      <select id="place-scope" data-testid="place-scope" value={s} onChange={(e) => setS(e.target.value)} className={input}>
        <option value="global">every project (global)</option>
        <option value="project">one project</option>
        <option value="session">one session</option>
      </select>
      {s !== "global" ? (
        <select aria-label="Project" data-testid="place-project" value={project} onChange={(e) => setProject(e.target.value)} className={input}>
          <option value="">choose a project…</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      ) : null}
      {s === "session" ? (
        <input aria-label="Session id" value={session} onChange={(e) => setSession(e.target.value)} placeholder="session id" className={input} />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={btn.secondary} disabled={!changed || pending} data-testid="place-save">
          Move
        </button>
        {error ? (
          <span role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error.message}
          </span>
        ) : moved ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            Moved.
          </span>
        ) : null}
      </div>
    </form>
  );
}
