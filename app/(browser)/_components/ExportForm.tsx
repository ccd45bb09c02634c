"use client";

import { useState } from "react";
import { btn, input, label } from "./ui";

/** Builds the `GET /api/export` address from the chosen filters; the link downloads the file. */
export function ExportForm({
  projects,
  categories,
  scopes,
  statuses,
}: {
  projects: { id: string; name: string }[];
  categories: readonly string[];
  scopes: readonly string[];
  statuses: readonly string[];
}) {
  const [f, setF] = useState({ format: "markdown", project: "", scope: "", category: "", status: "all", tag: "", pinned: "" });
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(f))
    if (v.trim())
      sp.set(
        k,
        k === "tag"
          ? v
              .split(",")
              .map((t) => t.trim())
              .filter(Boolean)
              .join(",")
          : v,
      );
  const href = `/api/export?${sp}`;
  const sel = (k: keyof typeof f, l: string, options: [string, string][], any = "any") => (
    <div>
      <label htmlFor={`x-${k}`} className={label}>
        {l}
      </label>
      <select id={`x-${k}`} data-testid={`export-${k}`} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} className={input}>
        {any ? <option value="">{any}</option> : null}
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="grid gap-3">
      <fieldset>
        <legend className={label}>Format</legend>
        <div className="flex gap-4 text-sm">
          {[
            ["markdown", "Markdown (readable, importable)"],
            ["json", "JSON (every field)"],
          ].map(([v, t]) => (
            <label key={v} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="format"
                value={v}
                checked={f.format === v}
                onChange={() => setF({ ...f, format: v })}
                data-testid={`export-format-${v}`}
                className="accent-indigo-600"
              />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {sel(
          "project",
          "Project",
          projects.map((p) => [p.id, p.name]),
        )}
        {sel(
          "scope",
          "Scope",
          scopes.map((s) => [s, s]),
        )}
        {sel(
          "category",
          "Category",
          categories.map((s) => [s, s]),
        )}
        {sel("status", "Status", [["all", "all"], ...statuses.map((s) => [s, s] as [string, string])], "")}
        {sel("pinned", "Pinned", [
          ["true", "pinned"],
          ["false", "not pinned"],
        ])}
        <div>
          <label htmlFor="x-tag" className={label}>
            Tags
          </label>
          <input id="x-tag" value={f.tag} onChange={(e) => setF({ ...f, tag: e.target.value })} placeholder="a, b" className={input} />
        </div>
      </div>
      <div>
        <a href={href} download data-testid="export-download" className={btn.primary}>
          Download {f.format === "json" ? "JSON" : "Markdown"}
        </a>
        <code className="ml-3 break-all text-xs text-zinc-600 dark:text-zinc-400">GET {href}</code>
      </div>
    </div>
  );
}
