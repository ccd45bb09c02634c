"use client";

import type { MemoryFormValues } from "./memory-form-values";
import { input, label } from "./ui";

/** Where a new memory applies: global, one project (chosen from the known ones) or one session. */
export function MemoryPlaceFields({
  v,
  set,
  field,
  err,
  projects,
}: {
  v: MemoryFormValues;
  set: <K extends keyof MemoryFormValues>(k: K, value: MemoryFormValues[K]) => void;
  field: (k: keyof MemoryFormValues) => Record<string, unknown>;
  err: (k: keyof MemoryFormValues) => React.ReactNode;
  projects: { id: string; name: string }[];
}) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <legend className={label}>Where it applies</legend>
      <div>
        <label htmlFor="m-scope" className="sr-only">
          Scope
        </label>
        <select {...field("scope")} value={v.scope} onChange={(e) => set("scope", e.target.value)} className={input}>
          <option value="global">global (every project)</option>
          <option value="project">one project</option>
          <option value="session">one session</option>
        </select>
      </div>
      {v.scope !== "global" ? (
        <div>
          <label htmlFor="m-project" className="sr-only">
            Project
          </label>
          <select {...field("project")} value={v.project} onChange={(e) => set("project", e.target.value)} className={input}>
            <option value="">{projects.length ? "choose a project…" : "no project known yet"}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {err("project")}
        </div>
      ) : null}
      {v.scope === "session" ? (
        <div>
          <label htmlFor="m-sessionId" className="sr-only">
            Session id
          </label>
          <input {...field("sessionId")} value={v.sessionId} onChange={(e) => set("sessionId", e.target.value)} placeholder="session id" className={input} />
          {err("sessionId")}
        </div>
      ) : null}
    </fieldset>
  );
}
